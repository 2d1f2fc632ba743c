import {
  AppError,
  calendarDay,
  defaultTimeZone,
  detailPageErrors,
  errorMessages,
  type MonthlyNoteRequest,
  type MonthlyNoteView,
  yearMonthString,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { monthOfDay } from '../patients/patient-metrics.service.js';
import { patientScope } from '../patients/patient-scope.js';
import { createMonthlyNotesRepository, type MonthlyNoteWithEditor } from './monthly-notes.repository.js';

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** 'October 2026': how the audit trail names a note's month. */
export const monthLabel = (year: number, month: number) =>
  `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;

export function toMonthlyNoteView(n: MonthlyNoteWithEditor): MonthlyNoteView {
  return {
    _id: n.id,
    month: n.month,
    year: n.year,
    yearMonthString: yearMonthString(n.year, n.month),
    noteContent: n.content,
    approved: n.approved,
    lastUpdatedAt: n.updatedAt.toISOString(),
    lastUpdatedBy:
      n.updatedBy && n.editorFirstName !== null
        ? { _id: n.updatedBy, fullName: `${n.editorFirstName} ${n.editorLastName ?? ''}`.trim() }
        : null,
  };
}

/**
 * What a save does, in the audit trail's words: 'Edited', 'Approved', 'Unlocked', or two of them
 * ('Edited and approved'). Nothing when the note stays as it was.
 */
function changeVerbs(before: { content: string; approved: boolean } | undefined, after: MonthlyNoteRequest) {
  const verbs: string[] = [];
  if (!before || before.content !== after.noteContent) verbs.push('edited');
  if ((before?.approved ?? false) !== after.approved) verbs.push(after.approved ? 'approved' : 'unlocked');
  // Unlocking comes first when both happen: the text changes once the lock is off.
  if (verbs.length === 2 && verbs[1] === 'unlocked') verbs.reverse();
  return verbs;
}

/** The monthly report notes of a patient (spec patients 2.6, 4 'Monthly note', 7). */
export function createMonthlyNotesService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const notes = createMonthlyNotesRepository(db);

  async function visiblePatient(actor: AuthUser, patientId: string) {
    const patient = await notes.findPatient(patientScope(actor), patientId);
    if (!patient) throw notFound();
    return patient;
  }

  return {
    async list(actor: AuthUser, patientId: string, ip: string | null): Promise<MonthlyNoteView[]> {
      const patient = await visiblePatient(actor, patientId);
      const rows = await notes.findByPatient(patient.id);
      await audit.patientViewed(db, {
        actorUserId: actor.id,
        patient,
        view: 'monthlyNotes',
        message: 'Viewed monthly notes',
        ip,
      });
      return rows.map(toMonthlyNoteView);
    },

    /**
     * Creates or replaces the month's note. An approved note is locked (spec patients 4): its text changes
     * only once it is unlocked (approved false), so a save that keeps it approved and changes the text is
     * a conflict. So is a save from a page that saw another version of the note (`lastUpdatedAt`). A save
     * that changes nothing writes nothing; a month after the clinic's current one is refused.
     */
    async save(
      actor: AuthUser,
      patientId: string,
      input: MonthlyNoteRequest,
      ip: string | null,
    ): Promise<MonthlyNoteView> {
      const patient = await visiblePatient(actor, patientId);
      const now = clock.now();
      // A month to come has no readings to review yet.
      const zone = (await notes.findClinicTimeZone(patient.clinicId)) ?? defaultTimeZone;
      const current = monthOfDay(calendarDay(now, zone));
      if (input.year * 12 + input.month > current.year * 12 + current.month)
        throw new AppError('VALIDATION', detailPageErrors.monthlyNoteFutureMonth, {
          month: detailPageErrors.monthlyNoteFutureMonth,
        });
      await db.transaction(async (tx) => {
        const repo = createMonthlyNotesRepository(tx);
        await repo.lockPatient(patient.id);
        const before = await repo.findByMonth(patient.id, input.year, input.month);
        const { lastUpdatedAt: seen } = input;
        const stale =
          seen !== undefined &&
          (seen === null ? before !== undefined : before?.updatedAt.getTime() !== Date.parse(seen));
        if (stale)
          throw new AppError('CONFLICT', detailPageErrors.monthlyNoteChanged, {
            noteContent: detailPageErrors.monthlyNoteChanged,
          });
        if (before?.approved && input.approved && before.content !== input.noteContent)
          throw new AppError('CONFLICT', detailPageErrors.monthlyNoteLocked, {
            noteContent: detailPageErrors.monthlyNoteLocked,
          });
        const verbs = changeVerbs(before, input);
        if (before && verbs.length === 0) return;
        await repo.upsert({
          clinicId: patient.clinicId,
          patientId: patient.id,
          year: input.year,
          month: input.month,
          content: input.noteContent,
          approved: input.approved,
          updatedAt: now,
          updatedBy: actor.id,
        });
        const sentence = verbs.join(' and ');
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'monthly_note.saved',
          entityType: 'monthly_note',
          entityId: yearMonthString(input.year, input.month),
          message: `${sentence[0]!.toUpperCase()}${sentence.slice(1)} the monthly note of ${monthLabel(input.year, input.month)}`,
          details: { approved: input.approved },
          ip,
        });
      });
      return toMonthlyNoteView((await notes.findByMonth(patient.id, input.year, input.month))!);
    },
  };
}

export type MonthlyNotesService = ReturnType<typeof createMonthlyNotesService>;
