import { detailPageErrors, errorMessages, messages } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, patients, staffNotes } from '../../db/schema/index.js';
import { fixtureIds as ids, worldWithPatientInEachClinic } from '../patients/patient-fixtures.js';

const w = worldWithPatientInEachClinic();

const db = () => w.t.app.vigil.database.db;
const notesOf = (patientId: string) =>
  db().select().from(staffNotes).where(eq(staffNotes.patientId, patientId));
const eventsOf = (patientId: string, action: string) =>
  db()
    .select({ actor: auditEvents.actorUserId, entityId: auditEvents.entityId, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.action, action)));

async function formNote(patientId: string, clinicId: string) {
  const [row] = await db()
    .insert(staffNotes)
    .values({ clinicId, patientId, text: 'Intake form answered', submissionId: 'submission-1' })
    .returning();
  return row!;
}

describe('staff notes', () => {
  it('adds a note whose author is the signed-in user, whatever the body names', async () => {
    const res = await w.as('northStaff').post(`/api/pacients/${w.northPatient}/notes`, {
      text: '  Called, BP better.  ',
      author: ids.northPhysician,
      notesFormData: { any: 'thing' },
    });
    expect(res.statusCode).toBe(201);
    const { note } = res.json().data;
    expect(note).toMatchObject({
      text: 'Called, BP better.',
      type: 'NOTE',
      submissionId: null,
      author: { _id: ids.northStaff, fullName: 'staff Fixture' },
    });
    expect(note.insertedAt).toBe(w.t.clock.now().toISOString());
    expect(await eventsOf(w.northPatient, 'note.added')).toEqual([
      { actor: ids.northStaff, entityId: note._id, details: { message: 'Added a staff note' } },
    ]);
  });

  it('lists the notes newest first, FORM notes marked, and records the read', async () => {
    await w.advance(60_000);
    await w.as('navigatorA').post(`/api/pacients/${w.northPatient}/notes`, { text: 'Second note' });
    await w.advance(60_000);
    await formNote(w.northPatient, ids.north);
    const res = await w.as('northPhysician').get(`/api/pacients/${w.northPatient}/notes`);
    expect(res.statusCode).toBe(200);
    const { notes } = res.json().data;
    expect(notes.map((n: { text: string; type: string }) => [n.text, n.type])).toEqual([
      ['Intake form answered', 'FORM'],
      ['Second note', 'NOTE'],
      ['Called, BP better.', 'NOTE'],
    ]);
    expect(notes[0].author).toBeNull();
    expect(notes[1].author).toEqual({ _id: ids.navigatorA, fullName: 'nav-a Abbott' });
    const reads = await eventsOf(w.northPatient, 'patient.viewed');
    expect(reads.at(-1)).toEqual({
      actor: ids.northPhysician,
      entityId: w.northPatient,
      details: { view: 'notes', message: 'Viewed staff notes' },
    });
  });

  it('edits a NOTE note, keeping who and when, and refuses to edit a FORM note', async () => {
    const added = (
      await w.as('northStaff').post(`/api/pacients/${w.northPatient}/notes`, { text: 'Typo here' })
    ).json().data.note;
    await w.advance(120_000);
    const res = await w
      .as('northPhysician')
      .patch(`/api/pacients/${w.northPatient}/notes/${added._id}`, { text: 'Fixed typo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.note).toMatchObject({
      _id: added._id,
      text: 'Fixed typo',
      author: { _id: ids.northStaff },
      // Another's hand on the author's note shows beside the author's name.
      editedBy: { _id: ids.northPhysician, fullName: 'physician Fixture' },
      insertedAt: added.insertedAt,
      updatedAt: w.t.clock.now().toISOString(),
    });
    const listed = (await w.as('northStaff').get(`/api/pacients/${w.northPatient}/notes`)).json().data.notes;
    expect(listed.find((n: { _id: string }) => n._id === added._id).editedBy).toMatchObject({
      _id: ids.northPhysician,
    });
    const ownEdit = await w
      .as('northStaff')
      .patch(`/api/pacients/${w.northPatient}/notes/${added._id}`, { text: 'Fixed typo again' });
    expect(ownEdit.json().data.note.editedBy).toBeNull();
    const [row] = await db().select().from(staffNotes).where(eq(staffNotes.id, added._id));
    expect(row!.updatedBy).toBe(ids.northStaff);
    expect((await eventsOf(w.northPatient, 'note.edited')).at(-2)).toEqual({
      actor: ids.northPhysician,
      entityId: added._id,
      details: { message: 'Edited a staff note' },
    });

    const form = await formNote(w.northPatient, ids.north);
    const refused = await w
      .as('northStaff')
      .patch(`/api/pacients/${w.northPatient}/notes/${form.id}`, { text: 'Changed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: detailPageErrors.formNoteReadOnly,
      fields: { text: detailPageErrors.formNoteReadOnly },
    });
    const [kept] = await db().select().from(staffNotes).where(eq(staffNotes.id, form.id));
    expect(kept!.text).toBe('Intake form answered');
  });

  it("requires text, with the spec's message", async () => {
    const before = (await notesOf(w.northPatient)).length;
    for (const body of [{}, { text: '' }, { text: '   ' }]) {
      const res = await w.as('northStaff').post(`/api/pacients/${w.northPatient}/notes`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: messages.required, fields: { text: messages.required } });
    }
    // A number is no missing text: an API client is told what was expected.
    const number = await w.as('northStaff').post(`/api/pacients/${w.northPatient}/notes`, { text: 5 });
    expect(number.statusCode).toBe(400);
    expect(number.json().fields).toEqual({ text: 'Invalid input: expected string, received number' });
    const note = (await notesOf(w.northPatient)).find((n) => !n.submissionId)!;
    const res = await w
      .as('northStaff')
      .patch(`/api/pacients/${w.northPatient}/notes/${note.id}`, { text: ' ' });
    expect(res.json().fields).toEqual({ text: messages.required });
    expect((await notesOf(w.northPatient)).length).toBe(before);
  });

  it("answers 404 for another clinic's patient or note, a note of another patient and unknown ids, and changes nothing", async () => {
    const southNote = (
      await w.as('southPhysician').post(`/api/pacients/${w.southPatient}/notes`, { text: 'South only' })
    ).json().data.note;
    const northNote = (await notesOf(w.northPatient)).find((n) => !n.submissionId)!;
    const north = w.as('northStaff');
    const calls = [
      north.get(`/api/pacients/${w.southPatient}/notes`),
      north.post(`/api/pacients/${w.southPatient}/notes`, { text: 'Intrusion' }),
      north.patch(`/api/pacients/${w.southPatient}/notes/${southNote._id}`, { text: 'Intrusion' }),
      // The note of another clinic through one's own patient, and one's own note through another patient.
      north.patch(`/api/pacients/${w.northPatient}/notes/${southNote._id}`, { text: 'Intrusion' }),
      w
        .as('southPhysician')
        .patch(`/api/pacients/${w.southPatient}/notes/${northNote.id}`, { text: 'Intrusion' }),
      north.patch(`/api/pacients/${w.northPatient}/notes/00000000-0000-4000-8000-000000000000`, {
        text: 'x',
      }),
      north.patch(`/api/pacients/${w.northPatient}/notes/not-a-uuid`, { text: 'x' }),
      north.get('/api/pacients/not-a-uuid/notes'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(errorMessages.notFound);
    }
    expect((await notesOf(w.southPatient)).map((n) => n.text)).toEqual(['South only']);
    expect((await notesOf(w.northPatient)).some((n) => n.text === 'Intrusion')).toBe(false);
    // A care navigator sees every clinic.
    expect((await w.as('circleAdmin').get(`/api/pacients/${w.southPatient}/notes`)).statusCode).toBe(200);
    const [south] = await db().select().from(patients).where(eq(patients.id, w.southPatient));
    expect(south!.clinicId).toBe(ids.south);
  });

  it('needs a session', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: `/api/pacients/${w.northPatient}/notes` });
    expect(res.statusCode).toBe(401);
  });
});
