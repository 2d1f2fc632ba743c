import { randomUUID } from 'node:crypto';
import type { Medication } from '@vigil/core';
import type { alerts, monthlyNotes, patients, staffNotes } from '../schema/index.js';
import { createRandom } from './random.js';

const dayMs = 86_400_000;

/** What a clinic's team writes on the detail page: who may author notes, and who approves monthly ones. */
export interface CareTeamOfClinic {
  clinicId: string;
  /** Staff and care navigators, who write staff notes. */
  writers: readonly string[];
}

const med = (name: string, value: number, type: Medication['frequency']['type']): Medication => ({
  name,
  doseSize: { value, type: 'mg' },
  frequency: { type },
});

/** Usual medications of each diagnosis, of which a patient takes two to four. */
const medicationsByDiagnosis: Record<string, readonly Medication[]> = {
  Hypertension: [
    med('Lisinopril', 10, 'QD'),
    med('Amlodipine', 5, 'QD'),
    med('Hydrochlorothiazide', 25, 'QD'),
    med('Losartan', 50, 'QD'),
    med('Metoprolol tartrate', 25, 'BID'),
  ],
  CHF: [
    med('Furosemide', 40, 'BID'),
    med('Carvedilol', 6.25, 'BID'),
    med('Spironolactone', 25, 'QD'),
    med('Sacubitril/valsartan', 49, 'BID'),
    med('Potassium chloride', 20, 'QD'),
  ],
  Hypotension: [
    med('Midodrine', 5, 'TID'),
    med('Fludrocortisone', 0.1, 'QD'),
    med('Pyridostigmine', 30, 'BID'),
  ],
};

const activeIssues = [
  'Knee pain limits walking; PT referral pending.',
  'Reports dizziness when standing up quickly. Advised to rise slowly and hydrate.',
  'Low-sodium diet: meeting with the dietitian on the 3rd Thursday.',
  'Missed two readings last week while travelling; cuff packed for the next trip.',
  'Ankle swelling in the evenings. Watching daily weights closely.',
  'New prescription started this month; checking for side effects at each call.',
] as const;

const staffNoteTexts = [
  'Called patient to review this week’s readings. Taking medications as prescribed.',
  'Patient asked how to replace the cuff batteries; walked through it by phone.',
  'Left a voicemail asking for a call back about the missed readings.',
  'Discussed salt intake and reading labels at the grocery store.',
  'Patient reports feeling well; no dizziness or shortness of breath.',
  'Confirmed the next appointment with the physician.',
  'Reminded patient to take readings before morning medications.',
  'Daughter will help with readings while the patient recovers from a cold.',
] as const;

const monthlySummaries = [
  'Readings stable this month. Adherent to medications. Continue current plan.',
  'BP trending down since the dose change. Reviewed diet and activity.',
  'Two elevated readings after missed doses; reinforced daily routine.',
  'Weight steady. No symptoms reported on calls. Continue monitoring.',
] as const;

/**
 * The detail page's records of the demo patients: medications and active issues (set on their rows),
 * staff notes (the notes that cleared the seeded alerts, and some more), and monthly notes for the last
 * months, approved by the physician, with a draft for the current month. It uses its own random source, so
 * the patients, readings and alerts generated before it stay exactly as they were.
 */
export function generateCareNotes(
  patientRows: (typeof patients.$inferInsert)[],
  alertRows: readonly (typeof alerts.$inferInsert)[],
  teams: readonly CareTeamOfClinic[],
  now: Date,
  month: { year: number; month: number },
) {
  const rng = createRandom(20_261_104);
  const notes: (typeof staffNotes.$inferInsert)[] = [];
  const monthly: (typeof monthlyNotes.$inferInsert)[] = [];

  for (const alert of alertRows) {
    if (!alert.dismissNote || !alert.dismissedAt) continue;
    notes.push({
      clinicId: alert.clinicId,
      patientId: alert.patientId,
      text: alert.dismissNote,
      authorId: alert.dismissedBy ?? null,
      createdAt: alert.dismissedAt,
      updatedAt: alert.dismissedAt,
    });
  }

  for (const [index, patient] of patientRows.entries()) {
    // Bulk inserts take no column defaults: every row states both.
    patient.medications = [];
    patient.activeIssues = '';
    if (!patient.everEnrolled || !patient.id) continue;
    const writers = teams.find((t) => t.clinicId === patient.clinicId)?.writers ?? [];
    const choices = [...(medicationsByDiagnosis[patient.diagnosis ?? ''] ?? [])];
    const taken = rng.int(2, Math.min(4, choices.length));
    for (let m = 0; m < taken; m++) {
      const [chosen] = choices.splice(rng.int(0, choices.length - 1), 1);
      patient.medications.push({ ...chosen!, _id: randomUUID() });
    }
    patient.activeIssues = rng.chance(0.6) ? rng.pick(activeIssues) : '';

    // Each patient's notes have their own random source: the shared one's draws depend on the month (the
    // monthly notes below), so a patient's notes would otherwise change from one day to the next.
    const noteRng = createRandom(20_261_105 + index);
    for (let n = noteRng.int(1, 5); n > 0 && writers.length; n--) {
      const at = new Date(now.getTime() - noteRng.int(1, 40) * dayMs + noteRng.int(-4, 4) * 3_600_000);
      notes.push({
        clinicId: patient.clinicId,
        patientId: patient.id,
        text: noteRng.pick(staffNoteTexts),
        authorId: noteRng.pick(writers),
        createdAt: at,
        updatedAt: at,
      });
    }

    if (!patient.enrolledAt || !patient.assignedPhysicianId) continue;
    const enrolledMonth = patient.enrolledAt.getUTCFullYear() * 12 + patient.enrolledAt.getUTCMonth();
    const current = month.year * 12 + (month.month - 1);
    for (let back = 0; back <= 3; back++) {
      const index = current - back;
      if (index < enrolledMonth) break;
      const year = Math.floor(index / 12);
      const monthNumber = (index % 12) + 1;
      // Approved on the 2nd of the month after; this month's note is a draft some patients have.
      const approved = back > 0;
      if (!approved && !rng.chance(0.4)) continue;
      const at = approved
        ? new Date(Date.UTC(year, monthNumber, 2, 18))
        : new Date(now.getTime() - rng.int(0, 3) * dayMs);
      monthly.push({
        clinicId: patient.clinicId,
        patientId: patient.id,
        year,
        month: monthNumber,
        content: rng.pick(monthlySummaries),
        approved,
        updatedAt: at.getTime() > now.getTime() ? now : at,
        updatedBy: approved ? patient.assignedPhysicianId : (writers[0] ?? patient.assignedPhysicianId),
      });
    }
  }
  return { staffNotes: notes, monthlyNotes: monthly };
}
