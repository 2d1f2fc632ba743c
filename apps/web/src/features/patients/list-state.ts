import { TZDate } from '@date-fns/tz';
import {
  type ClinicianListSortField,
  clinicianListSortFields,
  defaultTimeZone,
  filterValues,
  type PatientFilterKey,
  type PatientFilters,
  type PriorityListSortField,
  patientFilterKeys,
  priorityListDefaultFilters,
  priorityListSortFields,
  type SessionUser,
  type SortDirection,
} from '@vigil/core';
import { useCallback, useEffect, useState } from 'react';
import {
  readStoredJson,
  sessionKeys,
  writePatientListIds,
  writeStoredJson,
} from '../../lib/session/session-storage';

/**
 * The state of the two patient lists (spec patients 4: Filters and lists). Each list keeps its search, sort,
 * filters, draft filters and (priority list) page and month in session storage, so coming back to a list in
 * the same session finds it as it was left.
 */

export type PatientListKind = 'priority' | 'clinician';

export interface ListSort<F extends string> {
  field: F;
  direction: SortDirection;
}

export interface ListState<F extends string> {
  search: string;
  /** Null is the list's own order (the priority score on the priority list). */
  sort: ListSort<F> | null;
  filters: PatientFilters;
  /** The Filter Options dialog's choices before Apply, kept per list. */
  draftFilters: PatientFilters;
}

export interface PriorityListState extends ListState<PriorityListSortField> {
  page: number;
  /** The month (1-12) whose tracked time, days and calls the columns show. */
  month: number;
  year: number;
}

export type ClinicianListState = ListState<ClinicianListSortField>;

/** The filters a list offers: Clinics only to CIRCLE users, the report consent only on the priority list. */
export function listFilterKeys(list: PatientListKind, user: SessionUser): PatientFilterKey[] {
  return patientFilterKeys.filter(
    (key) =>
      (key !== 'selectedClinics' || user.role.portal === 'CIRCLE') &&
      (key !== 'consent' || list === 'priority'),
  );
}

/** Filters from any stored shape (comma strings or arrays), limited to `keys`, without empty entries. */
export function normaliseFilters(
  raw: Record<string, unknown>,
  keys: readonly PatientFilterKey[],
): PatientFilters {
  const filters: PatientFilters = {};
  for (const key of keys) {
    const value = raw[key];
    const values =
      typeof value === 'string'
        ? filterValues(value)
        : Array.isArray(value)
          ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
          : [];
    if (values.length > 0) filters[key] = values.join(',');
  }
  return filters;
}

/** Whether two filter sets select the same values, whatever their order or blanks. */
export function sameFilters(a: PatientFilters, b: PatientFilters): boolean {
  const key = (filters: PatientFilters, k: PatientFilterKey) => filterValues(filters[k]).sort().join(',');
  return patientFilterKeys.every((k) => key(a, k) === key(b, k));
}

/** "My patients" (DESIGN 4): the role's own assignment, the filter dialog's default. */
export function roleDefaultFilters(user: SessionUser): PatientFilters {
  switch (user.role.type) {
    case 'PHYSICIAN':
      return { selectedPhysicians: user._id };
    case 'STAFF':
      return { selectedCareTeamMembers: user._id };
    case 'CARE_NAVIGATOR':
      return { selectedCareNavigators: user._id };
  }
}

/**
 * The filters a list starts with when the session has none for it: the clinic opened from the clinics
 * dashboard, else the filters saved with 'Yes' (they come back at sign-in), else the role's defaults (and
 * active patients only on the priority list). A save holds every filter key, even empty, so "saved with
 * nothing selected" is told apart from "never saved".
 */
export function initialFilters(
  list: PatientListKind,
  user: SessionUser,
  clinicId: string | null,
): PatientFilters {
  if (clinicId && list === 'priority' && user.role.portal === 'CIRCLE') return { selectedClinics: clinicId };
  const saved = list === 'priority' ? user.storedFilters : user.clinicStoredFilters;
  if (saved && patientFilterKeys.some((key) => key in saved)) {
    return normaliseFilters(saved, listFilterKeys(list, user));
  }
  const role = roleDefaultFilters(user);
  return list === 'priority' ? { ...role, ...priorityListDefaultFilters } : role;
}

/** Sort cycle (spec patients 4): a newly chosen column sorts descending, the same column toggles. */
export function nextSort<F extends string>(current: ListSort<F> | null, field: F): ListSort<F> {
  if (current?.field === field) return { field, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { field, direction: 'desc' };
}

/** Any search, sort or filter change starts the list again from its first page. */
const firstPage = <S extends object>(state: S): S => ('page' in state ? { ...state, page: 0 } : state);

export const listUpdates = {
  search: <S extends ListState<string>>(state: S, search: string): S =>
    state.search === search ? state : firstPage({ ...state, search }),
  sort: <F extends string, S extends ListState<F>>(state: S, field: F): S =>
    firstPage({ ...state, sort: nextSort(state.sort, field) }),
  draft: <S extends ListState<string>>(state: S, draftFilters: PatientFilters): S => ({
    ...state,
    draftFilters,
  }),
  /** Cancel: the dialog opens next time on the filters in force. */
  discardDraft: <S extends ListState<string>>(state: S): S => ({ ...state, draftFilters: state.filters }),
  apply: <S extends ListState<string>>(state: S): S => firstPage({ ...state, filters: state.draftFilters }),
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseSort<F extends string>(raw: unknown, fields: readonly F[]): ListSort<F> | null {
  if (!isRecord(raw)) return null;
  const { field, direction } = raw;
  if (!fields.includes(field as F) || (direction !== 'asc' && direction !== 'desc')) return null;
  return { field: field as F, direction };
}

/** A stored list state, or null when it is missing or not one the app wrote (then the list starts anew). */
function parseListState<F extends string>(
  raw: unknown,
  fields: readonly F[],
  keys: readonly PatientFilterKey[],
): ListState<F> | null {
  if (!isRecord(raw) || typeof raw.search !== 'string' || !isRecord(raw.filters)) return null;
  const filters = normaliseFilters(raw.filters, keys);
  return {
    search: raw.search,
    sort: parseSort(raw.sort, fields),
    filters,
    draftFilters: isRecord(raw.draftFilters) ? normaliseFilters(raw.draftFilters, keys) : filters,
  };
}

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function usePersistedState<S>(key: string, initial: () => S): [S, (change: (state: S) => S) => void] {
  const [state, setState] = useState(initial);
  const update = useCallback(
    (change: (state: S) => S) =>
      setState((current) => {
        const next = change(current);
        if (next !== current) writeStoredJson(key, next);
        return next;
      }),
    [key],
  );
  return [state, update];
}

/** The month of today in the clinics' zone: the priority list's default month. */
export function currentMonth(now: Date = new Date()): { month: number; year: number } {
  const today = new TZDate(now.getTime(), defaultTimeZone);
  return { month: today.getMonth() + 1, year: today.getFullYear() };
}

/** The priority list's state; `clinicId` is the clinic a dashboard row opened the list for. */
export function usePriorityListState(user: SessionUser, clinicId: string | null) {
  return usePersistedState<PriorityListState>(sessionKeys.priorityListFilters, () => {
    const { month, year } = currentMonth();
    const raw = readStoredJson(sessionKeys.priorityListFilters);
    const base = parseListState(raw, priorityListSortFields, listFilterKeys('priority', user));
    if (base && isRecord(raw)) {
      return {
        ...base,
        page: isWhole(raw.page, 0, 1_000_000) ? raw.page : 0,
        month: isWhole(raw.month, 1, 12) ? raw.month : month,
        year: isWhole(raw.year, 2000, 2100) ? raw.year : year,
      };
    }
    const filters = initialFilters('priority', user, clinicId);
    return {
      search: '',
      sort: null,
      filters,
      draftFilters: filters,
      page: 0,
      month,
      year,
    };
  });
}

export function useClinicianListState(user: SessionUser) {
  return usePersistedState<ClinicianListState>(sessionKeys.clinicianListFilters, () => {
    const stored = parseListState(
      readStoredJson(sessionKeys.clinicianListFilters),
      clinicianListSortFields,
      listFilterKeys('clinician', user),
    );
    if (stored) return stored;
    const filters = initialFilters('clinician', user, null);
    return { search: '', sort: null, filters, draftFilters: filters };
  });
}

/** The query string of a list's filters and search, as the list calls and bulk time send them. */
export function filterParams(filters: PatientFilters, search: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of patientFilterKeys) {
    const values = filterValues(filters[key]);
    if (values.length > 0) params.set(key, values.join(','));
  }
  if (search.trim()) params.set('searchString', search.trim());
  return params;
}

/** Keeps the shown list's ids for the detail page's Previous, Next and Back (spec patients 2.6). */
export function useStoredPatientIds(ids: readonly string[] | undefined, origin: string): void {
  useEffect(() => {
    if (ids) writePatientListIds({ origin, ids: [...ids] });
  }, [ids, origin]);
}
