import { formTexts } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formLinks, formSubmissions, messages } from '../../db/schema/index.js';
import { tinyPng } from '../../test/multipart.js';
import { outboxFor } from '../../test/test-app.js';
import { addPatient, patientBody, type World } from '../patients/patient-fixtures.js';
import { createTextingWorld, nextCell } from '../reminders/reminder-fixtures.js';
import {
  addFolder,
  addForm,
  fileAnswer,
  hostedInput,
  uploadFile,
  uploadThroughLink,
} from './form-fixtures.js';

let w: World;
let patient: { id: string; e164: string };
let formId: string;
const definition = {
  elements: [
    {
      type: 'radiogroup',
      name: 'swollen',
      title: 'Are your ankles swollen?',
      choices: ['Yes', 'No'],
      isRequired: true,
    },
    { type: 'file', name: 'photo', title: 'Photo of swelling (optional)' },
  ],
};
const db = () => w.t.app.vigil.database.db;
const day = 86_400_000;

async function addTextingPatient(change = {}) {
  const cell = nextCell();
  const id = await addPatient(
    w,
    'northStaff',
    patientBody({ phones: [{ number: cell, type: 'Cell', notes: '' }], phone: cell, ...change }),
  );
  return { id, e164: `+1${cell}` };
}

/** Texts the form to the patient and answers the token read from the text in the outbox. */
async function sendLink(patientId = patient.id, e164 = patient.e164) {
  const res = await w.as('northStaff').post(`/api/forms/${patientId}/links`, { formId });
  expect(res.statusCode, res.body).toBe(201);
  const texts = await outboxFor(w.t.app, e164);
  const token = /\/f\/([\w-]+)/.exec(texts.at(-1)!.body)?.[1];
  expect(token).toBeTruthy();
  return { token: token!, expiresAt: res.json().data.expiresAt as string, body: texts.at(-1)!.body };
}

const open = (token: string) => w.t.app.inject({ method: 'GET', url: `/api/form-links/${token}` });
const submit = (token: string, data: Record<string, unknown>) =>
  w.t.app.inject({ method: 'POST', url: `/api/form-links/${token}`, payload: { data } });

beforeAll(async () => {
  w = await createTextingWorld();
  patient = await addTextingPatient({ firstName: 'Linda' });
  const folder = await addFolder(w);
  formId = (await addForm(w, hostedInput(folder, 'Ankle check', definition)))._id;
});
afterAll(() => w?.close());

describe('a form texted to the patient', () => {
  it('is texted through the outbox as a single-use link expiring in 7 days; only its hash is kept', async () => {
    const { token, expiresAt, body } = await sendLink();
    expect(body).toContain(formTexts.linkText('Ankle check', `${w.t.app.vigil.config.publicUrl}/f/${token}`));
    expect(new Date(expiresAt).getTime() - w.t.clock.now().getTime()).toBe(7 * day);
    const texts = await db().select().from(messages).where(eq(messages.patientId, patient.id));
    expect(texts.find((m) => m.body.includes(token))).toMatchObject({ kind: 'staff', direction: 'outbound' });
    const links = await db().select().from(formLinks).where(eq(formLinks.patientId, patient.id));
    expect(links.map((l) => l.tokenHash)).not.toContain(token);
    expect(JSON.stringify(links)).not.toContain(token);
  });

  it('opens signed out, is filled once (with a file uploaded through it) by the patient, and is then used', async () => {
    const { token, expiresAt } = await sendLink();
    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual({
      _id: formId,
      title: 'Ankle check',
      version: 1,
      definition,
      patientFirstName: 'Linda',
      expiresAt,
    });
    const upload = await uploadThroughLink(w, token, 'ankle.png', 'image/png', tinyPng);
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().data.url).toBe(`/api/forms/${patient.id}/files/${upload.json().data._id}`);
    const photo = [{ name: 'ankle.png', type: 'image/png', content: upload.json().data.url }];
    const res = await submit(token, { swollen: 'Yes', photo });
    expect(res.statusCode, res.body).toBe(201);
    const submissionId = res.json().data.submissionId;

    const detail = (
      await w.as('northStaff').get(`/api/forms/${patient.id}/submissions/${submissionId}`)
    ).json().data;
    expect(detail).toMatchObject({ channel: 'PATIENT', submittedBy: null, formVersion: 1 });
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.entityId, submissionId));
    expect((event!.details as { message: string }).message).toBe(
      'The patient submitted the form "Ankle check"',
    );
    expect(detail.answers.map((a: { prettyFormat: string }) => a.prettyFormat)).toEqual(['Yes', 'ankle.png']);
    const file = await w.as('northStaff').get(photo[0]!.content);
    expect(file.statusCode).toBe(200);

    const again = await submit(token, { swollen: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(formTexts.linkUsed);
    expect((await open(token)).json().message).toBe(formTexts.linkUsed);
    const stored = await db().select().from(formSubmissions).where(eq(formSubmissions.patientId, patient.id));
    expect(stored).toHaveLength(1);
  });

  it('answers 404 to an unknown token', async () => {
    const res = await open('not-a-real-token');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(formTexts.linkInvalid);
    expect((await submit('not-a-real-token', { swollen: 'No' })).statusCode).toBe(404);
  });

  it('refuses a file of another patient, or one not uploaded through the link, and stores nothing', async () => {
    const other = await addTextingPatient();
    const { token } = await sendLink();
    const otherFile = (await uploadFile(w, 'northStaff', other.id, 'o.png', 'image/png', tinyPng)).json()
      .data;
    const staffFile = (await uploadFile(w, 'northStaff', patient.id, 's.png', 'image/png', tinyPng)).json()
      .data;
    for (const file of [fileAnswer(other.id, otherFile), fileAnswer(patient.id, staffFile)]) {
      const res = await submit(token, { swollen: 'Yes', photo: [file] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ photo: formTexts.fileNotAttachable });
    }
    const otherLink = await sendLink(other.id, other.e164);
    const viaOther = (await uploadThroughLink(w, otherLink.token, 'x.png', 'image/png', tinyPng)).json().data;
    const crossed = await submit(token, {
      swollen: 'Yes',
      photo: [{ name: 'x.png', type: 'image/png', content: viaOther.url }],
    });
    expect(crossed.statusCode).toBe(400);
    // The link is still unused: a refused submission changes nothing.
    expect((await open(token)).statusCode).toBe(200);
  });

  it('needs the patient to agree to texts, and an active hosted form', async () => {
    const noConsent = await addTextingPatient({
      preferences: { textConsent: 'No', emailConsent: 'No', monthlyReportConsent: 'No' },
    });
    const res = await w.as('northStaff').post(`/api/forms/${noConsent.id}/links`, { formId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(formTexts.noTextConsent);
    expect(await outboxFor(w.t.app, noConsent.e164)).toEqual([]);
    const folder = await addFolder(w);
    const external = await addForm(w, {
      kind: 'EXTERNAL',
      title: 'Elsewhere',
      folderId: folder,
      url: 'https://forms.example.com/x',
      prefill: [],
      retired: false,
    });
    expect(
      (await w.as('northStaff').post(`/api/forms/${patient.id}/links`, { formId: external._id })).statusCode,
    ).toBe(404);
    const retired = await addForm(w, { ...hostedInput(folder, 'Old', definition), retired: true });
    const refused = await w.as('northStaff').post(`/api/forms/${patient.id}/links`, { formId: retired._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(formTexts.formRetired);
  });

  it('expires after 7 days', async () => {
    const { token } = await sendLink();
    w.t.clock.advance(7 * day);
    const res = await open(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(formTexts.linkExpired);
    expect((await submit(token, { swollen: 'No' })).statusCode).toBe(409);
  });
});
