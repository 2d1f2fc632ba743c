import { numberOrText } from '../format/fields.schema.js';
import { z } from '../format/zod.js';
import { patientListPageSize } from './patients.constants.js';

/**
 * The filter keys of both lists (spec patients 3, Saved filters): each a comma-separated string of the
 * selected values, as the lists send them in the query string and as `PUT users/updateFilters` stores them.
 * `consent` holds the 'Monthly data report requested' choices ('Yes', 'No').
 */
export const patientFilterKeys = [
  'activeStatus',
  'enrollmentStatus',
  'selectedPhysicians',
  'selectedCareTeamMembers',
  'selectedCareNavigators',
  'selectedDiagnoses',
  'selectedClinics',
  'consent',
] as const;
export type PatientFilterKey = (typeof patientFilterKeys)[number];
export type PatientFilters = Partial<Record<PatientFilterKey, string>>;

/**
 * The priority list's own default beside the role's "my patients" (spec patients 3: showActive true,
 * showInactive, showUnenrolled and showNeverEnrolled false): active patients only. A patient who is not
 * enrolled is never active (the patient form's schema), so one value says all four.
 */
export const priorityListDefaultFilters: PatientFilters = { activeStatus: 'active' };

const commaList = z.string().max(4000).optional();
export const PatientFiltersQuery = z.object(
  Object.fromEntries(patientFilterKeys.map((k) => [k, commaList])) as Record<
    PatientFilterKey,
    typeof commaList
  >,
);

/** Splits a comma-separated filter into its values, ignoring blanks. */
export const filterValues = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Number of active selections across the filters: the count on the Filter button. */
export const activeFilterCount = (filters: PatientFilters): number =>
  patientFilterKeys.reduce((n, k) => n + filterValues(filters[k]).length, 0);

/** Columns the priority list sorts on; anything else is refused (never interpolated into SQL). */
export const priorityListSortFields = [
  'priorityScore',
  'fullName',
  'dateOfBirth',
  'dateOfEnrollment',
  'lastCompletedCall',
  'lastAttemptedCall',
  'attemptedcallsCount',
  'trackedTimeThisMonth',
  'numDaysWithReadings',
  'lastReading',
  'lastBpReading',
  'numActiveAlerts',
] as const;
export type PriorityListSortField = (typeof priorityListSortFields)[number];

export const clinicianListSortFields = [
  'fullName',
  'dateOfBirth',
  'lastReviewed',
  'percentageReadingsOnTarget',
  'avgSystolic',
  'percentageReadingsCompliant',
  'mostRecentWeight',
] as const;
export type ClinicianListSortField = (typeof clinicianListSortFields)[number];

export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

const listPaging = {
  page: numberOrText(z.number().int().min(0).max(1_000_000)).default(0),
  pageSize: numberOrText(z.number().int().min(1).max(100)).default(patientListPageSize),
  searchString: z.string().max(200).optional(),
  sortDir: z.enum(sortDirections).optional(),
};

/** GET /pacients/patient-priority-list query; month and year pick the month of the time, days and calls. */
export const PriorityListQuery = PatientFiltersQuery.extend({
  ...listPaging,
  sort: z.enum(priorityListSortFields).optional(),
  month: numberOrText(z.number().int().min(1).max(12)).optional(),
  year: numberOrText(z.number().int().min(2000).max(2100)).optional(),
});
export type PriorityListQuery = z.infer<typeof PriorityListQuery>;

export const ClinicianListQuery = PatientFiltersQuery.extend({
  ...listPaging,
  sort: z.enum(clinicianListSortFields).optional(),
});
export type ClinicianListQuery = z.infer<typeof ClinicianListQuery>;

/** The badge flags of a row, first that holds wins on screen (DESIGN 4). */
export interface PatientBadgeFlags {
  inactive: boolean;
  unenrolled: boolean;
  neverEnrolled: boolean;
  unassigned: boolean;
}

/** One row of the priority list. Dates are ISO strings; a missing value is null (shown as '-'). */
export interface PriorityListRow extends PatientBadgeFlags {
  _id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  dateOfBirth: string | null;
  dateOfEnrollment: string | null;
  lastCompletedCall: string | null;
  lastAttemptedCall: string | null;
  attemptedcallsCount: number;
  trackedTimeThisMonth: number;
  numDaysWithReadings: number;
  lastReading: string | null;
  lastBpReading: { date: string; systolic: number; diastolic: number | null } | null;
  numActiveAlerts: number;
  highestPriorityAlertCategory: string | null;
  priorityScore: number;
}

/** One row of the clinician list. */
export interface ClinicianListRow extends PatientBadgeFlags {
  _id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  dateOfBirth: string | null;
  lastReviewedAt: string | null;
  percentageReadingsOnTarget: number | null;
  avgSystolic: number | null;
  avgDiastolic: number | null;
  percentageReadingsCompliant: number;
  mostRecentWeight: number | null;
  hasAcuteWeightGain: boolean;
  hasIntermediateWeightGain: boolean;
}

export interface PatientListPage<Row> {
  patients: Row[];
  totalPatients: number;
  totalPages: number;
  /** Every id of the filtered, sorted list, for the detail page's Previous and Next. */
  patientIds: string[];
}

/** PUT users/updateFilters/{userId}: the filters, plus month and year (priority) or isClinicList. */
export const UpdateFiltersRequest = PatientFiltersQuery.extend({
  month: numberOrText(z.number().int().min(1).max(12)).optional(),
  year: numberOrText(z.number().int().min(2000).max(2100)).optional(),
  isClinicList: z.boolean().optional(),
});
export type UpdateFiltersRequest = z.infer<typeof UpdateFiltersRequest>;
