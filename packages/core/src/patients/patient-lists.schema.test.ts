import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  ClinicianListQuery,
  filterValues,
  PriorityListQuery,
  priorityListSortFields,
  UpdateFiltersRequest,
} from './patient-lists.schema.js';
import { BulkTimeQuery, TrackTimeBody, UserPickerQuery } from './patient-requests.schema.js';
import { patientListPageSize } from './patients.constants.js';

describe('list filters', () => {
  it('splits a comma list into its values, ignoring blanks and spaces', () => {
    expect(filterValues(' active, ,inactive,')).toEqual(['active', 'inactive']);
    expect(filterValues(undefined)).toEqual([]);
    expect(filterValues('')).toEqual([]);
  });

  it('counts every selection across the dropdowns for the Filter button', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({ activeStatus: 'active', selectedDiagnoses: 'CHF,Hypertension', consent: '' }),
    ).toBe(3);
  });
});

describe('list queries', () => {
  it('pages from 0, 25 at a time, when the query says nothing', () => {
    expect(PriorityListQuery.parse({})).toMatchObject({ page: 0, pageSize: patientListPageSize });
    expect(ClinicianListQuery.parse({ page: '2' }).page).toBe(2);
  });

  it('accepts only the sortable columns and the two directions', () => {
    for (const sort of priorityListSortFields)
      expect(PriorityListQuery.safeParse({ sort }).success).toBe(true);
    expect(PriorityListQuery.safeParse({ sort: 'priority_score; drop table patients' }).success).toBe(false);
    expect(ClinicianListQuery.safeParse({ sort: 'priorityScore' }).success).toBe(false);
    expect(PriorityListQuery.safeParse({ sortDir: 'sideways' }).success).toBe(false);
  });

  it('refuses a negative page, an oversized page and an impossible month', () => {
    expect(PriorityListQuery.safeParse({ page: '-1' }).success).toBe(false);
    expect(PriorityListQuery.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(PriorityListQuery.safeParse({ month: '13' }).success).toBe(false);
    expect(PriorityListQuery.parse({ month: '11', year: '2026' })).toMatchObject({ month: 11, year: 2026 });
  });

  it('takes the filters and search of the list for bulk time', () => {
    expect(BulkTimeQuery.parse({ activeStatus: 'active', searchString: 'ana' })).toEqual({
      activeStatus: 'active',
      searchString: 'ana',
    });
  });
});

describe('saved filters and pickers', () => {
  it('stores a list kind with the filters', () => {
    expect(UpdateFiltersRequest.parse({ selectedPhysicians: 'a,b', isClinicList: true })).toEqual({
      selectedPhysicians: 'a,b',
      isClinicList: true,
    });
    expect(UpdateFiltersRequest.safeParse({ month: 0 }).success).toBe(false);
  });

  it('asks the user list by role, or refuses a role that does not exist', () => {
    expect(UserPickerQuery.parse({ roleType: 'STAFF', clinics: 'x' })).toEqual({
      roleType: 'STAFF',
      clinics: 'x',
    });
    expect(UserPickerQuery.safeParse({ roleType: 'ADMIN' }).success).toBe(false);
  });

  it('tracks manual time only as the one kind the form sends', () => {
    expect(TrackTimeBody.parse({ time: 60, kind: 'manual' })).toEqual({ time: 60, kind: 'manual' });
    expect(TrackTimeBody.safeParse({ time: 60, kind: 'bulk' }).success).toBe(false);
    expect(TrackTimeBody.safeParse({ time: 0 }).success).toBe(false);
  });
});
