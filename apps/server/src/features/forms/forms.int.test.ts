import { type FormAdminView, formFileMaxBytes, formTexts } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, formSubmissions, staffNotes } from '../../db/schema/index.js';
import { tinyPng } from '../../test/multipart.js';
import {
  addPatient,
  addSouthPatient,
  createWorld,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';
import {
  addFolder,
  addForm,
  everyTypeDefinition,
  fileAnswer,
  hostedInput,
  tinyPdf,
  uploadFile,
} from './form-fixtures.js';

let w: World;
let patient: string;
let southPatient: string;
let form: FormAdminView;
const db = () => w.t.app.vigil.database.db;

beforeAll(async () => {
  w = await createWorld();
  patient = await addPatient(w, 'northStaff', patientBody({ firstName: 'Formfiller' }));
  southPatient = await addSouthPatient(w);
  const folder = await addFolder(w, 'Enrolment');
  form = await addForm(w, hostedInput(folder, 'Every type', everyTypeDefinition));
});
afterAll(() => w?.close());

describe('a hosted submission by staff', () => {
  it('stores every answer type in words, writes a view-only FORM note, lists and shows it', async () => {
    const pdf = await uploadFile(w, 'northStaff', patient, 'ankle.pdf', 'application/pdf', tinyPdf);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const png = await uploadFile(w, 'northStaff', patient, 'ankle.png', 'image/png', tinyPng);
    expect(png.json().data).toMatchObject({ name: 'ankle.png', type: 'image/png', size: tinyPng.length });
    const data = {
      patientName: 'Formfiller Example',
      notes: 'Walked 20 minutes daily',
      feeling: 'poor',
      symptoms: ['swelling', 'breath'],
      consent: true,
      energy: 4,
      device: 'cuff',
      followUp: '2026-12-01T10:30',
      photo: [fileAnswer(patient, pdf.json().data), fileAnswer(patient, png.json().data)],
    };
    const res = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: form._id,
      version: 1,
      data,
    });
    expect(res.statusCode, res.body).toBe(201);
    const submission = res.json().data.submission;
    expect(submission).toMatchObject({
      formId: form._id,
      formTitle: 'Every type',
      formKind: 'HOSTED',
      formVersion: 1,
      channel: 'STAFF',
      submittedBy: { fullName: 'staff Fixture' },
    });
    const words = Object.fromEntries(
      submission.answers.map((a: { name: string; kind: string; prettyFormat: string }) => [
        a.name,
        [a.kind, a.prettyFormat],
      ]),
    );
    expect(words).toEqual({
      patientName: ['text', 'Formfiller Example'],
      notes: ['text', 'Walked 20 minutes daily'],
      feeling: ['choice', 'Not so good'],
      symptoms: ['choice', 'Swelling, Breathlessness'],
      consent: ['boolean', 'Yes'],
      energy: ['number', '4'],
      device: ['choice', 'BP cuff'],
      followUp: ['appointment', 'Tue, Dec 1, 2026, 10:30 AM'],
      photo: ['file', 'ankle.pdf, ankle.png'],
    });
    expect(submission.answers[2]).toMatchObject({ text: 'How do you feel today?', type: 'radiogroup' });

    const notes = (await w.as('northStaff').get(`/api/pacients/${patient}/notes`)).json().data.notes;
    const note = notes.find((n: { _id: string }) => n._id === submission.noteId);
    expect(note).toMatchObject({ type: 'FORM', submissionId: submission._id });
    expect(note.text).toContain('Form: Every type');
    expect(note.text).toContain('Follow-up appointment: Tue, Dec 1, 2026, 10:30 AM');
    expect(note.text).toContain('Photo of swelling: ankle.pdf, ankle.png');
    const edit = await w.as('northStaff').patch(`/api/pacients/${patient}/notes/${note._id}`, { text: 'x' });
    expect(edit.statusCode).toBe(400);

    const list = (await w.as('northPhysician').get(`/api/forms/${patient}`)).json().data;
    expect(list.count).toBe(1);
    expect(list.submissions[0]._id).toBe(submission._id);

    const detail = await w.as('navigatorA').get(`/api/forms/${patient}/submissions/${submission._id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.definition).toEqual(everyTypeDefinition);
    expect(detail.json().data.data).toEqual(data);

    const file = await w.as('northStaff').get(data.photo[1]!.content);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('attachment; filename="ankle.png"');
    expect(file.rawPayload.equals(tinyPng)).toBe(true);

    const actions = (await db().select().from(auditEvents).where(eq(auditEvents.patientId, patient))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['form.submitted', 'form.viewed', 'form.file.viewed']));
  });
});

const validData = { feeling: 'good', consent: false };
const counts = async () => ({
  submissions: (await db().select().from(formSubmissions)).length,
  notes: (await db().select().from(staffNotes)).length,
});

describe('answers that do not fit the definition', () => {
  it('are a 400 with a reason per question, and store nothing', async () => {
    const before = await counts();
    const other = await uploadFile(w, 'southPhysician', southPatient, 'other.png', 'image/png', tinyPng);
    const bad = {
      feeling: 'excellent',
      symptoms: ['swelling', 'fever'],
      energy: 9,
      consent: 'maybe',
      unknownQuestion: 'x',
      photo: [fileAnswer(southPatient, other.json().data)],
    };
    const res = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: form._id,
      version: 1,
      data: bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(formTexts.answersInvalid);
    expect(res.json().fields).toEqual({
      feeling: formTexts.notAChoice,
      symptoms: formTexts.notAChoice,
      energy: formTexts.notAChoice,
      consent: formTexts.notAChoice,
      unknownQuestion: formTexts.unknownQuestion,
      photo: formTexts.fileNotAttachable,
    });
    const missing = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: form._id,
      version: 1,
      data: { notes: 'Nothing else answered' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['consent', 'feeling']);
    const noVersion = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: form._id,
      version: 7,
      data: validData,
    });
    expect(noVersion.statusCode).toBe(400);
    // Past the largest version the database holds: unknown as well, not a server error.
    const pastAnyVersion = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: form._id,
      version: 2_147_483_648,
      data: validData,
    });
    expect(pastAnyVersion.statusCode).toBe(400);
    expect(pastAnyVersion.json().fields).toEqual({ version: formTexts.versionUnknown });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ symptoms: ['none', 'swelling'] }, 'symptoms', formTexts.noneWithOthers],
    [{ symptoms: ['breath', 'breath'] }, 'symptoms', formTexts.choiceRepeated],
    [{ followUp: 'not-a-date' }, 'followUp', formTexts.notADate],
    [{ followUp: '2026-02-30T10:00' }, 'followUp', formTexts.notADate],
    [{ followUp: 1_800_000_000_000 }, 'followUp', formTexts.notADate],
  ])('refuse %j, which the page cannot send, and store nothing', async (answers, field, reason) => {
    const before = await counts();
    const res = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: form._id,
      version: 1,
      data: { ...validData, ...answers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: reason });
    expect(await counts()).toEqual(before);
  });

  it('refuse a file already attached to a submission', async () => {
    const file = (await uploadFile(w, 'northStaff', patient, 'a.png', 'image/png', tinyPng)).json().data;
    const submit = () =>
      w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
        formId: form._id,
        version: 1,
        data: { ...validData, photo: [fileAnswer(patient, file)] },
      });
    expect((await submit()).statusCode).toBe(201);
    const again = await submit();
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ photo: formTexts.fileNotAttachable });
  });
});

describe('answer files', () => {
  it('are PDF, JPEG or PNG by their content, at most 10 MB', async () => {
    const text = await uploadFile(
      w,
      'northStaff',
      patient,
      'notes.pdf',
      'application/pdf',
      Buffer.from('hello'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(formTexts.fileType);
    const big = Buffer.concat([tinyPdf, Buffer.alloc(formFileMaxBytes)]);
    const tooBig = await uploadFile(w, 'northStaff', patient, 'big.pdf', 'application/pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(formTexts.fileTooLarge);
    const empty = await uploadFile(w, 'northStaff', patient, 'none.png', 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const nearLimit = Buffer.concat([tinyPdf, Buffer.alloc(6 * 1024 * 1024)]);
    expect(
      (await uploadFile(w, 'northStaff', patient, 'scan.pdf', 'application/pdf', nearLimit)).statusCode,
    ).toBe(201);
  });
});

describe('tenancy', () => {
  it("answers 404 for another clinic's patient, submission and file, and changes nothing", async () => {
    const file = (await uploadFile(w, 'northStaff', patient, 'b.png', 'image/png', tinyPng)).json().data;
    const submitted = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: form._id,
      version: 1,
      data: validData,
    });
    const submissionId = submitted.json().data.submission._id;
    const before = await counts();
    const south = w.as('southPhysician');
    expect((await south.get(`/api/forms/${patient}`)).statusCode).toBe(404);
    expect((await south.get(`/api/forms/${patient}/submissions/${submissionId}`)).statusCode).toBe(404);
    expect((await south.get(`/api/forms/${southPatient}/submissions/${submissionId}`)).statusCode).toBe(404);
    expect((await south.get(`/api/forms/${patient}/files/${file._id}`)).statusCode).toBe(404);
    expect((await south.get(`/api/forms/${southPatient}/files/${file._id}`)).statusCode).toBe(404);
    expect((await south.get(`/api/form-definitions/${form._id}?patientId=${patient}`)).statusCode).toBe(404);
    expect(
      (
        await south.post(`/api/forms/${patient}/submissions`, {
          formId: form._id,
          version: 1,
          data: validData,
        })
      ).statusCode,
    ).toBe(404);
    expect((await south.post(`/api/forms/${patient}/links`, { formId: form._id })).statusCode).toBe(404);
    expect((await uploadFile(w, 'southPhysician', patient, 'c.png', 'image/png', tinyPng)).statusCode).toBe(
      404,
    );
    expect(await counts()).toEqual(before);
  });

  it('needs the patient when a form is opened', async () => {
    const res = await w.as('northStaff').get(`/api/form-definitions/${form._id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ patientId: formTexts.patientRequired });
    const opened = await w.as('northStaff').get(`/api/form-definitions/${form._id}?patientId=${patient}`);
    expect(opened.json().data).toEqual({
      _id: form._id,
      title: 'Every type',
      version: 1,
      definition: everyTypeDefinition,
    });
  });
});

describe('versions and retired forms', () => {
  it('keep old submissions on their version, and a retired form out of the panel with its submissions intact', async () => {
    const folder = await addFolder(w);
    const v1 = { elements: [{ type: 'text', name: 'q', title: 'First wording', isRequired: true }] };
    const phq = await addForm(w, hostedInput(folder, 'Versioned', v1));
    const first = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: phq._id,
      version: 1,
      data: { q: 'one' },
    });
    const firstId = first.json().data.submission._id;
    const v2 = { elements: [{ type: 'comment', name: 'q', title: 'Second wording' }] };
    const edited = await w
      .as('circleAdmin')
      .put(`/api/form-admin/forms/${phq._id}`, hostedInput(folder, 'Versioned', v2));
    expect(edited.json().data.version).toBe(2);
    const same = await w
      .as('circleAdmin')
      .put(`/api/form-admin/forms/${phq._id}`, hostedInput(folder, 'Versioned', v2));
    expect(same.json().data.version).toBe(2);
    // A page rendered before the edit still submits on the version it showed.
    const late = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: phq._id,
      version: 1,
      data: { q: 'late' },
    });
    expect(late.json().data.submission).toMatchObject({
      formVersion: 1,
      answers: [{ text: 'First wording' }],
    });
    const detail = (await w.as('northStaff').get(`/api/forms/${patient}/submissions/${firstId}`)).json().data;
    expect(detail).toMatchObject({ formVersion: 1, definition: v1, data: { q: 'one' } });

    await w
      .as('circleAdmin')
      .put(`/api/form-admin/forms/${phq._id}`, { ...hostedInput(folder, 'Versioned', v2), retired: true });
    const folders = (await w.as('northStaff').get('/api/forms')).json().data;
    expect(folders.flatMap((f: { forms: { _id: string }[] }) => f.forms.map((x) => x._id))).not.toContain(
      phq._id,
    );
    const list = (await w.as('northStaff').get(`/api/forms/${patient}?pageSize=100`)).json().data;
    expect(list.submissions.map((x: { _id: string }) => x._id)).toContain(firstId);
    const still = await w.as('northStaff').get(`/api/forms/${patient}/submissions/${firstId}`);
    expect(still.json().data).toMatchObject({
      definition: v1,
      answers: [{ text: 'First wording', prettyFormat: 'one' }],
    });
    const refused = await w.as('northStaff').post(`/api/forms/${patient}/submissions`, {
      formId: phq._id,
      version: 2,
      data: { q: 'x' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(formTexts.formRetired);
    expect(
      (await w.as('northStaff').get(`/api/form-definitions/${phq._id}?patientId=${patient}`)).statusCode,
    ).toBe(409);
  });

  it('pages the submissions newest first', async () => {
    const all = (await w.as('northStaff').get(`/api/forms/${patient}?pageSize=100`)).json().data;
    const page = (await w.as('northStaff').get(`/api/forms/${patient}?page=2&pageSize=2`)).json().data;
    expect(page.count).toBe(all.count);
    expect(page.submissions.map((x: { _id: string }) => x._id)).toEqual(
      all.submissions.slice(2, 4).map((x: { _id: string }) => x._id),
    );
    const times = all.submissions.map((x: { insertedAt: string }) => x.insertedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
