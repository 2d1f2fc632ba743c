import { type FormAdminView, formTexts, messages } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions } from '../../db/schema/index.js';
import {
  addPatient,
  addSouthPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';
import { addFolder, addForm, everyTypeDefinition, hostedInput, postWebhook } from './form-fixtures.js';

let w: World;
let patient: string;
let form: FormAdminView;
const db = () => w.t.app.vigil.database.db;
const stored = () => db().select().from(formSubmissions).where(eq(formSubmissions.formId, form._id));

const body = (submissionId: string, extra: Record<string, unknown> = {}) => ({
  patientId: patient,
  submissionId,
  answers: [
    { name: 'bp', text: 'Blood pressure today', type: 'text', answer: '128/82' },
    {
      name: 'visit',
      text: 'Next visit',
      type: 'appointment',
      answer: '2026-12-03T09:00',
      prettyFormat: 'Thu, Dec 3, 9:00 AM',
    },
    { name: 'steps', text: 'Steps', type: 'number', answer: 4200 },
  ],
  ...extra,
});

beforeAll(async () => {
  w = await createWorld();
  patient = await addPatient(w, 'northStaff', patientBody());
  const folder = await addFolder(w);
  form = await addForm(w, {
    kind: 'EXTERNAL',
    title: 'Cardiology intake',
    folderId: folder,
    url: 'https://forms.example.com/intake',
    prefill: [{ param: 'name', source: 'PATIENT_NAME' }],
    retired: false,
  });
});
afterAll(() => w?.close());

describe('the external forms webhook', () => {
  it('stores a signed submission once, however often it is delivered, as a FORM note by the named user', async () => {
    expect(form.secret).toMatch(/^[0-9a-f]{64}$/);
    const first = await postWebhook(w, form._id, body('host-1', { userId: ids.northStaff }), form.secret!);
    expect(first.statusCode, first.body).toBe(201);
    const again = await postWebhook(w, form._id, body('host-1', { userId: ids.northStaff }), form.secret!);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.submissionId).toBe(first.json().data.submissionId);
    expect(await stored()).toHaveLength(1);

    const detail = (
      await w.as('northStaff').get(`/api/forms/${patient}/submissions/${first.json().data.submissionId}`)
    ).json().data;
    expect(detail).toMatchObject({
      channel: 'EXTERNAL',
      formKind: 'EXTERNAL',
      definition: null,
      submittedBy: { _id: ids.northStaff },
      data: { bp: '128/82', visit: '2026-12-03T09:00', steps: 4200 },
    });
    expect(
      detail.answers.map((a: { kind: string; prettyFormat: string }) => [a.kind, a.prettyFormat]),
    ).toEqual([
      ['text', '128/82'],
      ['appointment', 'Thu, Dec 3, 9:00 AM'],
      ['number', '4200'],
    ]);
    const notes = (await w.as('northStaff').get(`/api/pacients/${patient}/notes`)).json().data.notes;
    expect(notes.find((n: { _id: string }) => n._id === detail.noteId)).toMatchObject({
      type: 'FORM',
      author: { _id: ids.northStaff },
    });
  });

  it('names no user who may not see the patient', async () => {
    const res = await postWebhook(w, form._id, body('host-2', { userId: ids.southStaff }), form.secret!);
    expect(res.statusCode).toBe(201);
    const [row] = (await stored()).filter((s) => s.externalId === 'host-2');
    expect(row!.submittedBy).toBeNull();
  });

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const before = (await stored()).length;
    const wrong = await postWebhook(w, form._id, body('host-3'), 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(formTexts.badSignature);
    expect((await postWebhook(w, form._id, body('host-3'), form.secret!, '')).statusCode).toBe(401);
    expect((await postWebhook(w, form._id, body('host-3'), form.secret!, 'sha256=zz')).statusCode).toBe(401);
    const unsigned = await w.t.app.inject({
      method: 'POST',
      url: `/api/webhooks/forms/${form._id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body('host-3')),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await stored()).length).toBe(before);
  });

  it('answers 404 for an unknown or hosted form and an unknown patient, 400 for a body that is no submission', async () => {
    expect((await postWebhook(w, '00000000-0000-4000-8000-00000000dead', body('h'), 'x')).statusCode).toBe(
      404,
    );
    expect((await postWebhook(w, 'not-a-uuid', body('h'), 'x')).statusCode).toBe(404);
    const folder = await addFolder(w);
    const hosted = await addForm(w, hostedInput(folder, 'Hosted', everyTypeDefinition));
    expect((await postWebhook(w, hosted._id, body('h'), 'x')).statusCode).toBe(404);
    const unknownPatient = body('host-4', { patientId: '00000000-0000-4000-8000-00000000beef' });
    expect((await postWebhook(w, form._id, unknownPatient, form.secret!)).statusCode).toBe(404);
    const invalid = await postWebhook(w, form._id, { patientId: patient }, form.secret!);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty('submissionId');
  });

  it('refuses what cannot be stored, as every route does: 400, never 500', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = [deep];
    const nested = body('deep-1', {
      answers: [{ name: 'q', text: 'Q', type: 'text', answer: deep }],
    });
    const tooDeep = await postWebhook(w, form._id, nested, form.secret!);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toBe(messages.nestedTooDeeply);
    const nul = body('nul-1', { answers: [{ name: 'q', text: 'Q', type: 'text', answer: 'a\u0000b' }] });
    const broken = await postWebhook(w, form._id, nul, form.secret!);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields).toEqual({ 'answers.0.answer': messages.unstorableText });
  });

  it("stores a signed submission for any clinic's patient", async () => {
    const south = await addSouthPatient(w);
    const res = await postWebhook(w, form._id, body('host-5', { patientId: south }), form.secret!);
    expect(res.statusCode).toBe(201);
  });

  it('refuses a retired form', async () => {
    await w.as('circleAdmin').put(`/api/form-admin/forms/${form._id}`, {
      kind: 'EXTERNAL',
      title: 'Cardiology intake',
      folderId: form.folderId,
      url: 'https://forms.example.com/intake',
      retired: true,
    });
    const res = await postWebhook(w, form._id, body('host-6'), form.secret!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(formTexts.formRetired);
  });
});
