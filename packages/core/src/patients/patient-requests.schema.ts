import { z } from '../format/zod.js';
import { type BulkTimeRequest, TrackTimeRequest } from '../time-tracking/time-tracking.schema.js';
import { roleTypes } from '../users/roles.js';
import { PatientFiltersQuery } from './patient-lists.schema.js';

/** Server answers about patients that the spec leaves unworded; shown as toasts or beside the field. */
export const patientErrorMessages = {
  clinicCannotChange: "A patient's clinic cannot be changed.",
  mrTaken: 'Another patient of this clinic has this MR.',
  patientChanged:
    'Someone else saved this patient since you opened the form. Reload the page to see their changes, then make yours again.',
  patientChangedOnPage:
    'Someone else changed this patient since the page showed it. The page now shows their changes: make yours again.',
} as const;

/**
 * PUT /pacients/{id} may carry the patient's `updatedAt` as the form was opened with it: a save over a newer
 * version is refused (409) rather than undo it unseen. Left out, no check is made.
 */
export const PatientVersion = z.object({ updatedAt: z.iso.datetime({ offset: true }).optional() });

/** `{id}` of the /pacients/{id} routes; its shape is checked by the server's lookup, which answers 404. */
export const PatientIdParams = z.object({ id: z.string().max(100) });

const flag = z.string().max(10).optional();
/** GET /pacients/{id}: the spec's trackAT and includeClinicData flags, accepted as any short text. */
export const PatientGetQuery = z.object({ trackAT: flag, includeClinicData: flag });

/** POST /pacients/{id}/track: the timer's seconds, or with kind 'manual' the form's Manually Add Time. */
export const TrackTimeBody = TrackTimeRequest.extend({ kind: z.literal('manual').optional() });
export type TrackTimeBody = z.infer<typeof TrackTimeBody>;

/** POST pacients/bulkTimeTrack/?{filters}: the priority list's filters and search select the patients. */
export const BulkTimeQuery = PatientFiltersQuery.extend({ searchString: z.string().max(200).optional() });
export type BulkTimeQuery = z.infer<typeof BulkTimeQuery>;
export type BulkTimeBody = z.infer<typeof BulkTimeRequest>;

export interface CreatedPatient {
  _id: string;
}
export interface TrackedTime {
  /** Seconds stored: a timer's amount after the wall-clock cap, or the manual amount. */
  seconds: number;
  trackedTimeThisMonth: number;
}
export interface BulkTimeResult {
  numAlreadyTracked: number;
  numTracked: number;
}
export interface MarkReviewedResult {
  lastReviewedAt: string;
}

/**
 * GET /users as the pickers ask it (spec patients 7): by role, narrowed to clinics (comma list), with
 * `includeCN=true` adding care navigators. Without any of these the route is the administrators' users list.
 */
export const UserPickerQuery = z.object({
  roleType: z.enum(roleTypes).optional(),
  clinics: z.string().max(4000).optional(),
  includeCN: z.enum(['true', 'false', '1', '0']).optional(),
});
export type UserPickerQuery = z.infer<typeof UserPickerQuery>;

/** One picker choice. */
export interface UserOption {
  _id: string;
  firstName: string;
  lastName: string;
}

/** PUT users/updateFilters/{userId} answer: both saved filters, as sign-in returns them. */
export interface UpdateFiltersResult {
  patientFilter: Record<string, unknown> | null;
  clinicFilter: Record<string, unknown> | null;
}
