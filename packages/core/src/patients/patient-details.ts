import type { AlertCategory } from '../alerts/alerts.constants.js';
import { z } from '../format/zod.js';
import type { Medication } from '../medications/medications.schema.js';
import type { PatientView } from './patient-view.js';

/**
 * The answers of the detail page's calls (decision 0010). Every one is inside `data`; dates are ISO
 * strings. Lists are fetched by their panels; `GET /pacients/{id}/details` holds what the first paint needs.
 */

/** An alert that is not dismissed: active, or snoozed while `snoozedUntil` is in the future. */
export interface AlertView {
  _id: string;
  category: AlertCategory;
  type: string;
  readingDate: string | null;
  snoozedUntil: string | null;
  customDescription: string | null;
  createdAt: string;
}

export type MedicationView = Medication & { _id: string };

export interface PatientDetailsView extends PatientView {
  activeIssues: string;
  medications: MedicationView[];
  /** Every alert not dismissed, newest reading first; the page splits them into Active and Snoozed. */
  alerts: AlertView[];
  lastCompletedCall: string | null;
  lastAttemptedCall: string | null;
  /** Pairings in force (active or disconnected), which the Active Devices dialog lists. */
  devicesCount: number;
  /** The patient's texting number texted STOP to the clinic's number: nothing is sent until START. */
  smsOptedOut: boolean;
}

export interface NoteAuthor {
  _id: string;
  fullName: string;
}

/** GET /pacients/{id}/notes answers `{ notes }`, newest first; POST and PATCH answer `{ note }`. */
export interface StaffNoteView {
  _id: string;
  text: string;
  type: 'NOTE' | 'FORM';
  submissionId: string | null;
  author: NoteAuthor | null;
  /** Who changed the text last, when not its author. */
  editedBy: NoteAuthor | null;
  insertedAt: string;
  updatedAt: string;
}

/** GET /pacients/{id}/readings?start=&end= answers `{ readings }`, oldest first, removed ones left out. */
export interface ReadingView {
  _id: string;
  date: string;
  timezone: string | null;
  type: 'MANUAL' | 'DEVICE';
  source: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weight: number | null;
}

/** GET /monthlyNotes/patient/{id}/ answers a list, newest month first; POST answers the saved note. */
export interface MonthlyNoteView {
  _id: string;
  month: number;
  year: number;
  yearMonthString: string;
  noteContent: string;
  approved: boolean;
  lastUpdatedAt: string;
  lastUpdatedBy: NoteAuthor | null;
}

/** POST /pacients/{id}/log-attempted-call and log-completed-call answer the header's two dates. */
export interface CallLogView {
  lastCompletedCall: string | null;
  lastAttemptedCall: string | null;
}

/** POST /alerts/{id}/dismiss body: with a note, the note is saved as a staff note in the same change. */
export const DismissAlertRequest = z.object({ note: z.string().trim().max(10_000).optional() });

/** The readings panel's choices, saved with PUT /users/updateGraphFilterData/{userId}. */
export const GraphFilterData = z.object({
  activeTab: z.enum(['readings', 'medications']),
  dateRange: z.union([
    z.literal(1),
    z.literal(7),
    z.literal(14),
    z.literal(30),
    z.literal(60),
    z.literal(365),
    z.literal('custom'),
  ]),
  startDate: z.iso.date().nullish(),
  endDate: z.iso.date().nullish(),
  toggle: z.enum(['table', 'chart']),
  infoToggle: z.enum(['all', 'bpHr', 'weight']),
});
export type GraphFilterData = z.infer<typeof GraphFilterData>;

export const defaultGraphFilterData: GraphFilterData = {
  activeTab: 'readings',
  dateRange: 14,
  startDate: null,
  endDate: null,
  toggle: 'table',
  infoToggle: 'all',
};
