import { calendarDay, defaultTimeZone, detailPageErrors, errorMessages, messages } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, monthlyNotes } from '../../db/schema/index.js';
import { fixtureIds as ids, worldWithPatientInEachClinic } from '../patients/patient-fixtures.js';
import { monthOfDay } from '../patients/patient-metrics.service.js';

const w = worldWithPatientInEachClinic();

const db = () => w.t.app.vigil.database.db;
const october = { month: 10, year: 2026, yearMonthString: '2026-10' };
const notesOf = (patientId: string) =>
  db().select().from(monthlyNotes).where(eq(monthlyNotes.patientId, patientId));
const messagesOf = async (patientId: string) =>
  (
    await db()
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.action, 'monthly_note.saved')))
      .orderBy(auditEvents.occurredAt)
  ).map((e) => e.details?.message);

describe('monthly notes', () => {
  it('creates a month’s note, answers it with who saved it, and replaces it on the next save', async () => {
    const first = await w
      .as('northStaff')
      .post(`/api/monthlyNotes/${w.northPatient}`, { ...october, noteContent: 'Stable.', approved: false });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      ...october,
      noteContent: 'Stable.',
      approved: false,
      lastUpdatedAt: w.t.clock.now().toISOString(),
      lastUpdatedBy: { _id: ids.northStaff, fullName: 'staff Fixture' },
    });
    await w.advance(60_000);
    const second = await w.as('northPhysician').post(`/api/monthlyNotes/${w.northPatient}`, {
      ...october,
      noteContent: 'Stable.\nKeep dose.',
      approved: false,
    });
    expect(second.json().data).toMatchObject({
      _id: first.json().data._id,
      noteContent: 'Stable.\nKeep dose.',
      lastUpdatedBy: { _id: ids.northPhysician },
    });
    expect(await notesOf(w.northPatient)).toHaveLength(1);
    expect(await messagesOf(w.northPatient)).toEqual([
      'Edited the monthly note of October 2026',
      'Edited the monthly note of October 2026',
    ]);
  });

  it('locks an approved note: a text change that stays approved is 409; unlocking first allows it', async () => {
    const url = `/api/monthlyNotes/${w.northPatient}`;
    const approve = await w
      .as('northPhysician')
      .post(url, { ...october, noteContent: 'Stable.\nKeep dose.', approved: true });
    expect(approve.json().data.approved).toBe(true);

    const locked = await w
      .as('northStaff')
      .post(url, { ...october, noteContent: 'Changed behind the lock', approved: true });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ message: detailPageErrors.monthlyNoteLocked, code: 'CONFLICT' });
    expect((await notesOf(w.northPatient))[0]).toMatchObject({
      content: 'Stable.\nKeep dose.',
      approved: true,
    });

    // The same text and approval again changes nothing and records nothing.
    const same = await w
      .as('northStaff')
      .post(url, { ...october, noteContent: 'Stable.\nKeep dose.', approved: true });
    expect(same.json().data.lastUpdatedBy._id).toBe(ids.northPhysician);

    await w.as('northStaff').post(url, { ...october, noteContent: 'Stable.\nKeep dose.', approved: false });
    const edited = await w
      .as('northStaff')
      .post(url, { ...october, noteContent: 'Now changed', approved: false });
    expect(edited.json().data).toMatchObject({ noteContent: 'Now changed', approved: false });
    expect((await messagesOf(w.northPatient)).slice(2)).toEqual([
      'Approved the monthly note of October 2026',
      'Unlocked the monthly note of October 2026',
      'Edited the monthly note of October 2026',
    ]);
  });

  it('refuses a save from a page that saw another version (409), so no one overwrites or approves a change unseen', async () => {
    const url = `/api/monthlyNotes/${w.northPatient}`;
    const september = { month: 9, year: 2026, yearMonthString: '2026-09' };
    const save = (who: 'northStaff' | 'northPhysician', body: Record<string, unknown>) =>
      w.as(who).post(url, { ...september, ...body });
    const draft = await save('northStaff', {
      noteContent: 'Nurse draft v1',
      approved: false,
      lastUpdatedAt: null,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const seenByBoth = draft.json().data.lastUpdatedAt;

    await w.advance(60_000);
    const approved = await save('northPhysician', {
      noteContent: 'Nurse draft v1',
      approved: true,
      lastUpdatedAt: seenByBoth,
    });
    expect(approved.statusCode).toBe(200);

    // The nurse's page still shows v1, unapproved: her save would have unlocked and replaced the approved text.
    const stale = await save('northStaff', {
      noteContent: 'Nurse draft v2',
      approved: false,
      lastUpdatedAt: seenByBoth,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: detailPageErrors.monthlyNoteChanged,
      code: 'CONFLICT',
      fields: { noteContent: detailPageErrors.monthlyNoteChanged },
    });
    // A page that saw no note at all, while one exists now.
    expect(
      (await save('northStaff', { noteContent: 'Mine', approved: false, lastUpdatedAt: null })).statusCode,
    ).toBe(409);
    expect((await notesOf(w.northPatient)).find((n) => n.month === 9)).toMatchObject({
      content: 'Nurse draft v1',
      approved: true,
    });

    // With the version the server answered, Unlock goes through.
    const unlocked = await save('northStaff', {
      noteContent: 'Nurse draft v1',
      approved: false,
      lastUpdatedAt: approved.json().data.lastUpdatedAt,
    });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().data.approved).toBe(false);
  });

  it('lists the notes newest month first, with and without the trailing slash', async () => {
    const url = `/api/monthlyNotes/${w.northPatient}`;
    await w.as('northStaff').post(url, { month: 9, year: 2026, noteContent: '', approved: true });
    await w.as('northStaff').post(url, { month: 12, year: 2025, noteContent: 'Last year', approved: false });
    for (const path of [
      `/api/monthlyNotes/patient/${w.northPatient}/`,
      `/api/monthlyNotes/patient/${w.northPatient}`,
    ]) {
      const res = await w.as('navigatorA').get(path);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((n: { yearMonthString: string }) => n.yearMonthString)).toEqual([
        '2026-10',
        '2026-09',
        '2025-12',
      ]);
    }
    expect((await messagesOf(w.northPatient)).slice(-2)).toEqual([
      'Edited and approved the monthly note of September 2026',
      'Edited the monthly note of December 2025',
    ]);
  });

  it.each([
    [
      { ...october, noteContent: 'x'.repeat(241), approved: false },
      'noteContent',
      messages.monthlyNoteTooLong,
    ],
    [
      { ...october, noteContent: 'a\nb\nc\nd', approved: false },
      'noteContent',
      messages.monthlyNoteTooManyLines,
    ],
    [
      { ...october, yearMonthString: '2026-11', noteContent: 'x', approved: false },
      'yearMonthString',
      detailPageErrors.yearMonthMismatch,
    ],
  ])('refuses %o with the field message and saves nothing', async (body, field, message) => {
    const before = await notesOf(w.northPatient);
    const res = await w.as('northStaff').post(`/api/monthlyNotes/${w.northPatient}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { [field]: message } });
    expect(await notesOf(w.northPatient)).toEqual(before);
  });

  it("takes the clinic's current month and refuses the next one, storing nothing", async () => {
    const { year, month } = monthOfDay(calendarDay(w.t.clock.now(), defaultTimeZone));
    const save = (y: number, m: number) =>
      w.as('northStaff').post(`/api/monthlyNotes/${w.northPatient}`, {
        month: m,
        year: y,
        noteContent: 'Reviewed.',
        approved: false,
      });
    expect((await save(year, month)).statusCode).toBe(200);
    const before = await notesOf(w.northPatient);
    const next = month === 12 ? [year + 1, 1] : [year, month + 1];
    const refused = await save(next[0]!, next[1]!);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: detailPageErrors.monthlyNoteFutureMonth,
      fields: { month: detailPageErrors.monthlyNoteFutureMonth },
    });
    expect(await notesOf(w.northPatient)).toEqual(before);
  });

  it('accepts the limits exactly: 240 characters and 3 lines', async () => {
    const url = `/api/monthlyNotes/${w.northPatient}`;
    expect(
      (
        await w
          .as('northStaff')
          .post(url, { month: 8, year: 2026, noteContent: 'y'.repeat(240), approved: false })
      ).statusCode,
    ).toBe(200);
    expect(
      (await w.as('northStaff').post(url, { month: 8, year: 2026, noteContent: 'a\nb\nc', approved: false }))
        .statusCode,
    ).toBe(200);
  });

  it("answers 404 for another clinic's patient and changes nothing", async () => {
    await w
      .as('southPhysician')
      .post(`/api/monthlyNotes/${w.southPatient}`, { ...october, noteContent: 'South', approved: true });
    const before = await notesOf(w.southPatient);
    for (const res of [
      await w.as('northStaff').get(`/api/monthlyNotes/patient/${w.southPatient}/`),
      await w
        .as('northStaff')
        .post(`/api/monthlyNotes/${w.southPatient}`, { ...october, noteContent: 'North', approved: false }),
      await w
        .as('northStaff')
        .post('/api/monthlyNotes/not-a-uuid', { ...october, noteContent: 'x', approved: false }),
      await w.as('northStaff').get('/api/monthlyNotes/patient/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(errorMessages.notFound);
    }
    expect(await notesOf(w.southPatient)).toEqual(before);
  });
});
