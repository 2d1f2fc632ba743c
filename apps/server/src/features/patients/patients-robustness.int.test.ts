import { defaultCustomAlerts, patientFilterKeys } from '@vigil/core';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { anyValue, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import {
  everyUser,
  expectClientAnswers,
  fixtureIds as ids,
  patientBody,
  worldWithPatientInEachClinic,
} from './patient-fixtures.js';

const w = worldWithPatientInEachClinic();
const known = () => [
  w.northPatient,
  w.southPatient,
  ids.north,
  ids.south,
  ids.northPhysician,
  ids.navigatorA,
];
const id = idArbitrary(known);
const json = fc.jsonValue({ maxDepth: 3 });

/** A query string of the lists' own keys (and some others) with valid, odd and hostile values. */
const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    'active',
    'inactive',
    'neverenrolled',
    'unassigned',
    'Yes',
    'No',
    'CHF',
    '%',
    '_',
    "' or 1=1 --",
  ),
  fc.integer({ min: -5, max: 3000 }).map(String),
  id,
  fc.array(id, { maxLength: 3 }).map((a) => a.join(',')),
  fc.constantFrom('priorityScore', 'fullName', 'lastReviewed', 'mostRecentWeight', 'asc', 'desc'),
);
const queryKey = fc.oneof(
  fc.constantFrom(
    ...patientFilterKeys,
    'page',
    'pageSize',
    'sort',
    'sortDir',
    'searchString',
    'month',
    'year',
    'roleType',
    'clinics',
    'includeCN',
    'clinicId',
    'trackAT',
  ),
  fc.string({ maxLength: 10 }),
);
const query = fc
  .array(fc.tuple(queryKey, queryValue, fc.boolean()), { maxLength: 6 })
  .map((pairs) =>
    pairs.map(([k, v, encode]) => `${encodeURIComponent(k)}=${encode ? encodeURIComponent(v) : v}`).join('&'),
  );

/** Patient forms: mostly valid ones with one or two fields replaced, and arbitrary JSON. */
const formField = fc.constantFrom(
  'clinic',
  'assignedPhysician',
  'assignedCareNavigator',
  'careTeam',
  'firstName',
  'email',
  'dateOfBirth',
  'heightFeet',
  'weight',
  'phones',
  'phone',
  'address',
  'preferences',
  'consent',
  'enrolled',
  'active',
  'customAlerts',
);
const fieldValue = fc.oneof(
  anyValue,
  id,
  fc.array(id, { maxLength: 3 }),
  fc.constant(defaultCustomAlerts.map((a) => ({ ...a, values: { x: '999999' } }))),
  fc.record({ status: anyValue, number: anyValue, type: anyValue }, { requiredKeys: [] }),
);
const form = fc.oneof(
  json,
  fc.array(fc.tuple(formField, fieldValue), { maxLength: 2 }).map((changes) => ({
    ...patientBody({ assignedCareNavigator: ids.navigatorA }),
    ...Object.fromEntries(changes),
  })),
);
const otherBody = fc.oneof(
  json,
  fc.record(
    {
      time: anyValue,
      kind: fc.oneof(fc.constant('manual'), anyValue),
      isbulktimetracking: anyValue,
      text: fc.oneof(fc.constant('-'), anyValue),
      month: anyValue,
      year: anyValue,
      isClinicList: anyValue,
      activeStatus: anyValue,
    },
    { requiredKeys: [] },
  ),
);

type Call = MalformedCall;
const calls: fc.Arbitrary<Call> = fc.oneof(
  form.map((body) => ({ method: 'POST' as const, url: '/api/pacients', body })),
  fc.tuple(id, form).map(([x, body]) => ({ method: 'PUT' as const, url: `/api/pacients/${x}`, body })),
  fc.tuple(id, query).map(([x, q]) => ({ method: 'GET' as const, url: `/api/pacients/${x}?${q}` })),
  id.map((x) => ({ method: 'GET' as const, url: `/api/pacients/${x}/details` })),
  fc
    .tuple(id, otherBody)
    .map(([x, body]) => ({ method: 'POST' as const, url: `/api/pacients/${x}/track`, body })),
  id.map((x) => ({ method: 'POST' as const, url: `/api/pacients/${x}/mark-monthly-reviewed` })),
  query.map((q) => ({ method: 'GET' as const, url: `/api/pacients/patient-priority-list?${q}` })),
  query.map((q) => ({ method: 'GET' as const, url: `/api/pacients/clinician-patient-list?${q}` })),
  fc.tuple(query, otherBody, fc.boolean()).map(([q, body, slash]) => ({
    method: 'POST' as const,
    url: `/api/pacients/bulkTimeTrack${slash ? '/' : ''}?${q}`,
    body,
  })),
  query.map((q) => ({ method: 'GET' as const, url: `/api/users?${q}` })),
  fc
    .tuple(id, otherBody)
    .map(([x, body]) => ({ method: 'PUT' as const, url: `/api/users/updateFilters/${x}`, body })),
);

describe('patient and picker routes under malformed input', () => {
  it('answer random ids, bodies and query strings from every role with 4xx and a message, or a success when valid', async () => {
    await expectClientAnswers(w, calls, everyUser, 400);
  });
});
