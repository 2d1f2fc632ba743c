import {
  type ClinicianListRow,
  clinicianListSortFields,
  type PatientFormInput,
  type PatientListPage,
  type PriorityListRow,
  priorityListSortFields,
} from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientDayRollups, patientMetrics, patients } from '../../db/schema/index.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type Who,
  type World,
} from './patient-fixtures.js';

let w: World;
const db = () => w.t.app.vigil.database.db;

/**
 * North holds four patients built for the filters (one per badge); South holds one more and a crowd of
 * thirty for paging. Names are unique, so a list sorted by name has one order.
 */
const p = { active: '', paused: '', never: '', left: '', south: '', accented: '' };
const crowd: string[] = [];
const nav = (id: string) => ({ assignedCareNavigator: id });
const edit = async (id: string, change: Parameters<typeof patientBody>[0]) => {
  const { connectDevices: _, ...body } = patientBody(change);
  const res = await w.as('circleAdmin').put(`/api/pacients/${id}`, body);
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  w = await createWorld();
  const consent = (yes: boolean): Partial<PatientFormInput> => ({
    preferences: { textConsent: 'Yes', emailConsent: 'Yes', monthlyReportConsent: yes ? 'Yes' : 'No' },
  });
  p.active = await addPatient(w, 'circleAdmin', {
    ...patientBody({
      firstName: 'Alice',
      lastName: 'Active',
      dateOfBirth: '01/01/1950',
      ...nav(ids.navigatorA),
    }),
    ...consent(true),
  });
  await w.advance(60_000);
  // Bob is enrolled, then paused; his fields are sent whole on both calls, as the form does.
  const bob = {
    firstName: 'Bob',
    lastName: 'Paused',
    dateOfBirth: '02/02/1960',
    assignedPhysician: ids.northPhysician2,
    careTeam: [ids.northStaff2],
    diagnosis: 'CHF' as const,
    ...nav(ids.navigatorB),
  };
  p.paused = await addPatient(w, 'circleAdmin', { ...patientBody(bob), ...consent(false) });
  await edit(p.paused, { ...bob, active: false, ...consent(false) });
  p.never = await addPatient(w, 'northStaff', {
    ...patientBody({
      firstName: 'Cora',
      lastName: 'Never',
      dateOfBirth: '03/03/1970',
      careTeam: [ids.northStaff, ids.northStaff2],
      diagnosis: 'Hypotension',
      enrolled: false,
      mr: 'MR-77_1',
    }),
    ...consent(true),
  });
  await w.advance(60_000);
  // Dan is enrolled, then unenrolled.
  const dan = {
    firstName: 'Dan',
    lastName: 'Left',
    dateOfBirth: '04/04/1980',
    assignedPhysician: ids.northPhysician2,
    careTeam: [ids.northStaff],
    diagnosis: 'CHF' as const,
    ...nav(ids.navigatorA),
  };
  p.left = await addPatient(w, 'circleAdmin', { ...patientBody(dan), ...consent(false) });
  await edit(p.left, { ...dan, enrolled: false, ...consent(false) });
  const south = { clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] };
  p.south = await addPatient(w, 'circleAdmin', {
    ...patientBody({ ...south, firstName: 'Eve', lastName: 'South', ...nav(ids.navigatorB) }),
    ...consent(true),
  });
  p.accented = await addPatient(
    w,
    'southPhysician',
    patientBody({ ...south, firstName: 'José', lastName: 'Álvarez', mr: 'Z-100%' }),
  );
  for (let i = 0; i < 30; i++) {
    const name = `Crowd${String(i).padStart(2, '0')}`;
    crowd.push(
      await addPatient(w, 'southPhysician', patientBody({ ...south, firstName: name, lastName: 'Member' })),
    );
  }
});
afterAll(() => w.close());

type Row = PriorityListRow | ClinicianListRow;
async function list<R extends Row = PriorityListRow>(
  query: string,
  who: Who = 'circleAdmin',
  path = 'patient-priority-list',
): Promise<PatientListPage<R>> {
  const res = await w.as(who).get(`/api/pacients/${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The patients of North matching a query, by name. */
async function north(query: string, who: Who = 'circleAdmin'): Promise<string[]> {
  const page = await list(`selectedClinics=${ids.north}&sort=fullName&sortDir=asc&${query}`, who);
  return page.patients.map((r) => r._id);
}

describe('filters: OR within a dropdown, AND across dropdowns', () => {
  it.each([
    ['activeStatus=active', ['active']],
    ['activeStatus=inactive', ['paused', 'never', 'left']],
    ['activeStatus=active,inactive', ['active', 'paused', 'never', 'left']],
    ['enrollmentStatus=neverenrolled', ['never']],
    ['enrollmentStatus=unenrolled', ['left']],
    ['enrollmentStatus=unassigned', ['never']],
    ['enrollmentStatus=neverenrolled,unenrolled', ['never', 'left']],
    [`selectedPhysicians=${ids.northPhysician}`, ['active', 'never']],
    [
      `selectedPhysicians=${ids.northPhysician},${ids.northPhysician2}`,
      ['active', 'paused', 'never', 'left'],
    ],
    [`selectedCareTeamMembers=${ids.northStaff2}`, ['paused', 'never']],
    [`selectedCareNavigators=${ids.navigatorA}`, ['active', 'left']],
    [`selectedCareNavigators=${ids.navigatorA},${ids.navigatorB}`, ['active', 'paused', 'left']],
    ['selectedDiagnoses=CHF', ['paused', 'left']],
    ['selectedDiagnoses=CHF,Hypotension', ['paused', 'never', 'left']],
    ['consent=Yes', ['active', 'never']],
    ['consent=No', ['paused', 'left']],
    ['consent=Yes,No', ['active', 'paused', 'never', 'left']],
    [`selectedPhysicians=${ids.northPhysician2}&selectedDiagnoses=CHF&consent=No`, ['paused', 'left']],
    [`selectedPhysicians=${ids.northPhysician2}&activeStatus=inactive&enrollmentStatus=unenrolled`, ['left']],
    [
      `selectedCareTeamMembers=${ids.northStaff}&selectedCareNavigators=${ids.navigatorA}`,
      ['active', 'left'],
    ],
    ['activeStatus=active&consent=No', []],
    // Unknown values, unknown users and malformed ids match nothing; blank filters are no filter.
    ['selectedPhysicians=10000000-0000-4000-8000-00000000ffff', []],
    ['selectedCareNavigators=not-a-uuid', []],
    ['activeStatus=sleeping', []],
    ['activeStatus=&enrollmentStatus=,&consent=', ['active', 'paused', 'never', 'left']],
  ])('%s', async (query, expected) => {
    expect(await north(query)).toEqual(expected.map((k) => p[k as keyof typeof p]));
  });

  it('narrows a CIRCLE user by clinic, and a clinic user naming another clinic to no one', async () => {
    const both = await list(`selectedClinics=${ids.north},${ids.south}&pageSize=100`);
    expect(both.totalPatients).toBe(4 + 2 + crowd.length);
    expect(await north('', 'northStaff')).toEqual([p.active, p.paused, p.never, p.left]);
    const foreign = await list(`selectedClinics=${ids.south}&sort=fullName`, 'northStaff');
    expect(foreign.patientIds).toEqual([]);
    const own = await list(`selectedClinics=${ids.north},${ids.south}&sort=fullName`, 'northStaff');
    expect(own.patientIds).toEqual([p.active, p.paused, p.never, p.left]);
    const all = await list('pageSize=100');
    expect(new Set(all.patientIds)).toEqual(new Set([...Object.values(p), ...crowd]));
  });

  it('shows the badge flags of DESIGN 4 on both lists', async () => {
    for (const path of ['patient-priority-list', 'clinician-patient-list']) {
      const page = await list(`selectedClinics=${ids.north}&sort=fullName`, 'circleAdmin', path);
      const flags = Object.fromEntries(
        page.patients.map((r) => [r.fullName, [r.inactive, r.unenrolled, r.neverEnrolled, r.unassigned]]),
      );
      expect(flags).toEqual({
        'Alice Active': [false, false, false, false],
        'Bob Paused': [true, false, false, false],
        'Cora Never': [false, false, true, true],
        'Dan Left': [false, true, false, false],
      });
    }
  });
});

describe('search: first, last and full name, and MR, ignoring case and accents', () => {
  it.each([
    ['jose', ['accented']],
    ['ÁLVAREZ', ['accented']],
    ['José Alvarez', ['accented']],
    ['  jose   alvarez ', ['accented']],
    ['mr-77', ['never']],
    ['mr-77_1', ['never']],
    ['z-100%', ['accented']],
    // LIKE's wildcards typed in the box are matched as themselves.
    ['%', ['accented']],
    ['_', ['never']],
    ['mr-77%', []],
    ['nobody', []],
  ])('%s', async (search, expected) => {
    const page = await list(`searchString=${encodeURIComponent(search)}&sort=fullName`);
    expect(page.patientIds).toEqual(expected.map((k) => p[k as keyof typeof p]));
  });
});

describe('paging from 0 with every id of the list in order', () => {
  it('pages the crowd 25 at a time and answers the same patientIds on every page', async () => {
    const query = `selectedClinics=${ids.south}&sort=fullName&sortDir=desc`;
    const first = await list(query);
    const second = await list(`${query}&page=1`);
    const beyond = await list(`${query}&page=2`);
    expect(first.patients).toHaveLength(25);
    expect(second.patients).toHaveLength(32 - 25);
    expect(beyond.patients).toEqual([]);
    for (const page of [first, second, beyond]) {
      expect(page).toMatchObject({ totalPatients: 32, totalPages: 2 });
      expect(page.patientIds).toEqual(first.patientIds);
    }
    expect([...first.patients, ...second.patients].map((r) => r._id)).toEqual(first.patientIds);
    expect(first.patients.map((r) => r.fullName).slice(0, 3)).toEqual([
      'José Álvarez',
      'Eve South',
      'Crowd29 Member',
    ]);
    const small = await list(`${query}&pageSize=10&page=3`, 'circleAdmin', 'clinician-patient-list');
    expect(small.patients.map((r) => r._id)).toEqual(first.patientIds.slice(30));
    expect(small.totalPages).toBe(4);
  });

  it('answers an empty list with no pages', async () => {
    expect(await list('searchString=zzzz')).toEqual({
      patients: [],
      totalPatients: 0,
      totalPages: 0,
      patientIds: [],
    });
  });

  it.each([
    'sort=name',
    'sort=priorityScore;drop table patients',
    'sortDir=sideways',
    'page=-1',
    'page=x',
    'pageSize=0',
    'pageSize=1000',
    'month=13',
    'year=1999',
  ])('refuses %s with 400', async (query) => {
    expect((await w.as('circleAdmin').get(`/api/pacients/patient-priority-list?${query}`)).statusCode).toBe(
      400,
    );
  });
});

describe('sorting on every column, both directions', () => {
  /** Figures chosen so that every column orders the four North patients differently; Dan has none. */
  const figures: Record<string, Partial<typeof patientMetrics.$inferInsert>> = {
    active: {
      priorityScore: 9_000,
      lastReading: new Date('2026-11-01T10:00:00Z'),
      lastBpReadingAt: new Date('2026-10-30T10:00:00Z'),
      lastBpSystolic: 120,
      lastBpDiastolic: 80,
      numActiveAlerts: 1,
      highestPriorityAlertCategory: 'Clinical',
      lastCompletedCall: new Date('2026-10-20T10:00:00Z'),
      lastAttemptedCall: new Date('2026-10-02T10:00:00Z'),
      attemptedCallsCount: 3,
      trackedTimeThisMonth: 1300,
      numDaysWithReadings: 2,
      percentageReadingsOnTarget: 50,
      avgSystolic: 128,
      avgDiastolic: 82,
      percentageReadingsCompliant: 40,
      mostRecentWeight: 180,
    },
    paused: {
      priorityScore: 70_000,
      lastReading: new Date('2026-10-15T10:00:00Z'),
      lastBpReadingAt: new Date('2026-10-15T10:00:00Z'),
      lastBpSystolic: 150,
      lastBpDiastolic: 95,
      numActiveAlerts: 0,
      lastCompletedCall: new Date('2026-10-25T10:00:00Z'),
      lastAttemptedCall: new Date('2026-10-01T10:00:00Z'),
      attemptedCallsCount: 1,
      trackedTimeThisMonth: 200,
      numDaysWithReadings: 9,
      percentageReadingsOnTarget: 90,
      avgSystolic: 140,
      avgDiastolic: 90,
      percentageReadingsCompliant: 100,
      mostRecentWeight: 150,
    },
    never: {
      priorityScore: 25_000,
      lastReading: new Date('2026-10-31T10:00:00Z'),
      lastBpReadingAt: new Date('2026-10-31T10:00:00Z'),
      lastBpSystolic: 100,
      lastBpDiastolic: 60,
      numActiveAlerts: 4,
      highestPriorityAlertCategory: 'SMS',
      lastCompletedCall: new Date('2026-10-10T10:00:00Z'),
      lastAttemptedCall: new Date('2026-10-28T10:00:00Z'),
      attemptedCallsCount: 0,
      trackedTimeThisMonth: 5000,
      numDaysWithReadings: 0,
      percentageReadingsOnTarget: 10,
      avgSystolic: 110,
      avgDiastolic: 70,
      percentageReadingsCompliant: 0,
      mostRecentWeight: 210,
    },
    // A patient without data: every figure missing, the score of an unenrolled patient.
    left: { priorityScore: 69_901 },
  };

  beforeAll(async () => {
    // Hand-set figures stand in for the metrics job, so each column has known, distinct values.
    for (const [key, values] of Object.entries(figures)) {
      const patientId = p[key as keyof typeof p];
      await db().delete(patientMetrics).where(eq(patientMetrics.patientId, patientId));
      const row = { patientId, clinicId: ids.north, metricsMonth: 202611, computedAt: new Date(), ...values };
      await db()
        .insert(patientMetrics)
        .values(row as typeof patientMetrics.$inferInsert);
    }
    await w.as('northStaff').post(`/api/pacients/${p.never}/mark-monthly-reviewed`);
    await w.advance(60_000);
    await w.as('northStaff').post(`/api/pacients/${p.active}/mark-monthly-reviewed`);
  });

  const keys = ['active', 'paused', 'never', 'left'] as const;
  const firstNames = { active: 'alice', paused: 'bob', never: 'cora', left: 'dan' };
  /** The expected order: by the value, missing values last in both directions, then by name. */
  function expectedOrder(value: (k: (typeof keys)[number]) => unknown, dir: 'asc' | 'desc') {
    const comparable = (v: unknown) => (v instanceof Date ? v.getTime() : v);
    return [...keys]
      .sort((a, b) => {
        const [x, y] = [comparable(value(a)), comparable(value(b))] as [
          number | string | null,
          number | string | null,
        ];
        if (x === y || (x == null && y == null)) return keys.indexOf(a) - keys.indexOf(b);
        if (x == null) return 1;
        if (y == null) return -1;
        return (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1);
      })
      .map((k) => p[k]);
  }

  const patientsRow = async (k: (typeof keys)[number]) =>
    (await db().select().from(patients).where(eq(patients.id, p[k])))[0]!;

  const priorityValue: Record<string, (k: (typeof keys)[number]) => Promise<unknown> | unknown> = {
    priorityScore: (k) => figures[k]?.priorityScore,
    fullName: (k) => firstNames[k],
    dateOfBirth: async (k) => (await patientsRow(k)).dateOfBirth,
    dateOfEnrollment: async (k) => (await patientsRow(k)).enrolledAt,
    lastCompletedCall: (k) => figures[k]?.lastCompletedCall,
    lastAttemptedCall: (k) => figures[k]?.lastAttemptedCall,
    attemptedcallsCount: (k) => figures[k]?.attemptedCallsCount ?? 0,
    trackedTimeThisMonth: (k) => figures[k]?.trackedTimeThisMonth ?? 0,
    numDaysWithReadings: (k) => figures[k]?.numDaysWithReadings ?? 0,
    lastReading: (k) => figures[k]?.lastReading,
    lastBpReading: (k) => figures[k]?.lastBpReadingAt,
    numActiveAlerts: (k) => figures[k]?.numActiveAlerts ?? 0,
  };
  const clinicianValue: Record<string, (k: (typeof keys)[number]) => Promise<unknown> | unknown> = {
    fullName: (k) => firstNames[k],
    dateOfBirth: async (k) => (await patientsRow(k)).dateOfBirth,
    lastReviewed: async (k) => (await patientsRow(k)).lastReviewedAt,
    percentageReadingsOnTarget: (k) => figures[k]?.percentageReadingsOnTarget,
    avgSystolic: (k) => figures[k]?.avgSystolic,
    percentageReadingsCompliant: (k) => figures[k]?.percentageReadingsCompliant ?? 0,
    mostRecentWeight: (k) => figures[k]?.mostRecentWeight,
  };

  const cases = (fields: readonly string[]) =>
    fields.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]);

  it.each(cases(priorityListSortFields))('priority list by %s %s', async (field, dir) => {
    const values = Object.fromEntries(
      await Promise.all(keys.map(async (k) => [k, await priorityValue[field]!(k)])),
    );
    const page = await list(`selectedClinics=${ids.north}&sort=${field}&sortDir=${dir}`);
    expect(page.patientIds).toEqual(expectedOrder((k) => values[k], dir));
    expect(page.patients.map((r) => r._id)).toEqual(page.patientIds);
  });

  it.each(cases(clinicianListSortFields))('clinician list by %s %s', async (field, dir) => {
    const values = Object.fromEntries(
      await Promise.all(keys.map(async (k) => [k, await clinicianValue[field]!(k)])),
    );
    const page = await list(
      `selectedClinics=${ids.north}&sort=${field}&sortDir=${dir}`,
      'circleAdmin',
      'clinician-patient-list',
    );
    expect(page.patientIds).toEqual(expectedOrder((k) => values[k], dir));
  });

  it('lists by priority score, most urgent first, by default; the clinician list by name', async () => {
    const priority = await list(`selectedClinics=${ids.north}`);
    expect(priority.patientIds).toEqual([p.active, p.never, p.left, p.paused]);
    const clinician = await list(`selectedClinics=${ids.north}`, 'circleAdmin', 'clinician-patient-list');
    expect(clinician.patientIds).toEqual([p.active, p.paused, p.never, p.left]);
  });

  it('answers the rows of both lists with the stored figures', async () => {
    const [row] = (await list(`selectedClinics=${ids.north}&searchString=alice`)).patients;
    expect(row).toEqual({
      _id: p.active,
      firstName: 'Alice',
      lastName: 'Active',
      fullName: 'Alice Active',
      dateOfBirth: '1950-01-01',
      dateOfEnrollment: expect.any(String),
      lastCompletedCall: '2026-10-20T10:00:00.000Z',
      lastAttemptedCall: '2026-10-02T10:00:00.000Z',
      attemptedcallsCount: 3,
      trackedTimeThisMonth: 1300,
      numDaysWithReadings: 2,
      lastReading: '2026-11-01T10:00:00.000Z',
      lastBpReading: { date: '2026-10-30T10:00:00.000Z', systolic: 120, diastolic: 80 },
      numActiveAlerts: 1,
      highestPriorityAlertCategory: 'Clinical',
      priorityScore: 9000,
      inactive: false,
      unenrolled: false,
      neverEnrolled: false,
      unassigned: false,
    });
    const [clinician] = (
      await list(`selectedClinics=${ids.north}&searchString=alice`, 'circleAdmin', 'clinician-patient-list')
    ).patients;
    expect(clinician).toEqual({
      _id: p.active,
      firstName: 'Alice',
      lastName: 'Active',
      fullName: 'Alice Active',
      dateOfBirth: '1950-01-01',
      lastReviewedAt: expect.any(String),
      percentageReadingsOnTarget: 50,
      avgSystolic: 128,
      avgDiastolic: 82,
      percentageReadingsCompliant: 40,
      mostRecentWeight: 180,
      hasAcuteWeightGain: false,
      hasIntermediateWeightGain: false,
      inactive: false,
      unenrolled: false,
      neverEnrolled: false,
      unassigned: false,
    });
  });
});

describe('a patient whose metrics row is missing', () => {
  it('still lists, with zero figures and the score of no alerts and no readings, after the others', async () => {
    await db().delete(patientMetrics).where(eq(patientMetrics.patientId, crowd[0]!));
    const page = await list(`selectedClinics=${ids.south}&pageSize=100`);
    expect(page.patientIds.at(-1)).toBe(crowd[0]);
    expect(page.patients.at(-1)).toMatchObject({
      numActiveAlerts: 0,
      trackedTimeThisMonth: 0,
      priorityScore: 29_901,
    });
  });
});

describe('the priority list month', () => {
  it('sums a past month from the day rollups, and shows zeros for a month without any', async () => {
    const rollup = (
      key: keyof typeof p,
      day: string,
      values: Partial<typeof patientDayRollups.$inferInsert>,
    ) => ({
      clinicId: ids.north,
      patientId: p[key],
      day,
      ...values,
    });
    await db()
      .insert(patientDayRollups)
      .values([
        rollup('paused', '2026-09-30', { readings: 5, trackedSeconds: 999, attemptedCalls: 9 }),
        rollup('paused', '2026-10-01', { readings: 2, trackedSeconds: 100, attemptedCalls: 1 }),
        rollup('paused', '2026-10-31', { readings: 1, trackedSeconds: 50, attemptedCalls: 0 }),
        rollup('paused', '2026-10-15', { readings: 0, trackedSeconds: 30, attemptedCalls: 2 }),
        rollup('left', '2026-10-02', { readings: 3, trackedSeconds: 10, attemptedCalls: 0 }),
      ]);
    const page = await list(
      `selectedClinics=${ids.north}&month=10&year=2026&sort=trackedTimeThisMonth&sortDir=desc`,
    );
    const figuresOf = page.patients.map((r) => [
      r.fullName,
      r.trackedTimeThisMonth,
      r.numDaysWithReadings,
      r.attemptedcallsCount,
    ]);
    expect(figuresOf).toEqual([
      ['Bob Paused', 180, 2, 3],
      ['Dan Left', 10, 1, 0],
      ['Alice Active', 0, 0, 0],
      ['Cora Never', 0, 0, 0],
    ]);
    const current = await list(`selectedClinics=${ids.north}&month=11&year=2026&searchString=alice`);
    expect(current.patients[0]?.trackedTimeThisMonth).toBe(1300);
    const empty = await list(
      `selectedClinics=${ids.north}&month=1&year=2020&sort=numDaysWithReadings&sortDir=desc`,
    );
    expect(empty.patients.every((r) => r.numDaysWithReadings === 0 && r.trackedTimeThisMonth === 0)).toBe(
      true,
    );
  });

  it("sums the current month's rollups for a patient whose metrics are still of the month before", async () => {
    // As after midnight on the 1st until the job refreshes the patient: the row holds October's figures.
    await db()
      .update(patientMetrics)
      .set({
        metricsMonth: 202610,
        trackedTimeThisMonth: 5000,
        numDaysWithReadings: 20,
        attemptedCallsCount: 7,
      })
      .where(eq(patientMetrics.patientId, p.left));
    await db()
      .insert(patientDayRollups)
      .values({ clinicId: ids.north, patientId: p.left, day: '2026-11-01', readings: 2, trackedSeconds: 60 })
      .onConflictDoUpdate({
        target: [patientDayRollups.patientId, patientDayRollups.day],
        set: { readings: 2, trackedSeconds: 60, attemptedCalls: 0 },
      });
    const current = await list(`selectedClinics=${ids.north}&searchString=dan`);
    expect(
      current.patients.map((r) => [r.trackedTimeThisMonth, r.numDaysWithReadings, r.attemptedcallsCount]),
    ).toEqual([[60, 1, 0]]);
  });
});

// Last: its patients would change the counts the tests above read.
describe('sorting by name', () => {
  it('reverses whole names, last names too, when descending', async () => {
    for (const lastName of ['Zimmer', 'Adams', 'Mora'])
      await addPatient(
        w,
        'circleAdmin',
        patientBody({ firstName: 'Yara', lastName, ...nav(ids.navigatorA) }),
      );
    const names = async (dir: 'asc' | 'desc') =>
      (await list(`searchString=yara&sort=fullName&sortDir=${dir}`)).patients.map((r) => r.fullName);
    expect(await names('asc')).toEqual(['Yara Adams', 'Yara Mora', 'Yara Zimmer']);
    expect(await names('desc')).toEqual(['Yara Zimmer', 'Yara Mora', 'Yara Adams']);
  });
});

describe('name order', () => {
  it('sorts by the name shown, case and accents aside, on either database', async () => {
    const south = { clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] };
    for (const firstName of ['Zoe', 'Émilie', 'emily']) {
      await addPatient(w, 'southPhysician', patientBody({ ...south, firstName, lastName: 'Zedd' }));
    }
    const page = await list(`selectedClinics=${ids.south}&searchString=zedd&sort=fullName&sortDir=asc`);
    expect(page.patients.map((r) => r.fullName)).toEqual(['Émilie Zedd', 'emily Zedd', 'Zoe Zedd']);
  });
});
