import { randomUUID } from 'node:crypto';
import { defaultCustomAlerts, type PatientFormInput } from '@vigil/core';
import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { clinics, enrolmentPeriods, patients, readings, users } from '../../db/schema/index.js';
import { expectClientAnswer, type MalformedCall } from '../../test/malformed-calls.js';
import { asUser, createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { hashPassword } from '../auth/secrets.js';

/**
 * A small world of its own for the patient API tests: two clinics (North, South) with their users and
 * care navigators, created without the demo seed, so each test file knows every patient it sees.
 */
const password = 'Fixture!Pass1';
/** Every fixture account's password (the audit coverage test checks that no event holds it). */
export const fixturePassword = password;

export const fixtureIds = {
  north: '10000000-0000-4000-8000-000000000001',
  south: '10000000-0000-4000-8000-000000000002',
  closed: '10000000-0000-4000-8000-000000000003',
  circleAdmin: '10000000-0000-4000-8000-000000000101',
  navigatorA: '10000000-0000-4000-8000-000000000102',
  navigatorB: '10000000-0000-4000-8000-000000000103',
  navigatorOff: '10000000-0000-4000-8000-000000000104',
  northPhysician: '10000000-0000-4000-8000-000000000201',
  northPhysician2: '10000000-0000-4000-8000-000000000202',
  northStaff: '10000000-0000-4000-8000-000000000203',
  northStaff2: '10000000-0000-4000-8000-000000000204',
  northStaffOff: '10000000-0000-4000-8000-000000000205',
  southPhysician: '10000000-0000-4000-8000-000000000301',
  southStaff: '10000000-0000-4000-8000-000000000302',
} as const;
const ids = fixtureIds;

type Account = typeof users.$inferInsert;
const account = (
  id: string,
  email: string,
  roleType: Account['roleType'],
  clinicId: string | null,
  extra: Partial<Account> = {},
): Account => ({
  id,
  email,
  firstName: email.split('@')[0]!,
  lastName: 'Fixture',
  phone: '5035550100',
  roleType,
  access: 'USER',
  portal: clinicId ? 'CLINIC' : 'CIRCLE',
  clinicId,
  ...extra,
});

const accounts: Account[] = [
  account(ids.circleAdmin, 'admin@circle.test', 'CARE_NAVIGATOR', null, { access: 'ADMIN' }),
  account(ids.navigatorA, 'nav-a@circle.test', 'CARE_NAVIGATOR', null, { lastName: 'Abbott' }),
  account(ids.navigatorB, 'nav-b@circle.test', 'CARE_NAVIGATOR', null, { lastName: 'Barnes' }),
  account(ids.navigatorOff, 'nav-off@circle.test', 'CARE_NAVIGATOR', null, { isDeactivated: true }),
  account(ids.northPhysician, 'physician@north.test', 'PHYSICIAN', ids.north, { access: 'ADMIN' }),
  account(ids.northPhysician2, 'physician2@north.test', 'PHYSICIAN', ids.north),
  account(ids.northStaff, 'staff@north.test', 'STAFF', ids.north),
  account(ids.northStaff2, 'staff2@north.test', 'STAFF', ids.north),
  account(ids.northStaffOff, 'staff-off@north.test', 'STAFF', ids.north, { isDeactivated: true }),
  account(ids.southPhysician, 'physician@south.test', 'PHYSICIAN', ids.south, { access: 'ADMIN' }),
  account(ids.southStaff, 'staff@south.test', 'STAFF', ids.south),
];

/** The signed-in users of the tests. */
const signedIn = {
  circleAdmin: 'admin@circle.test',
  navigatorA: 'nav-a@circle.test',
  northPhysician: 'physician@north.test',
  northStaff: 'staff@north.test',
  southPhysician: 'physician@south.test',
} as const;
export type Who = keyof typeof signedIn;

export interface World {
  t: TestApp;
  tokens: Record<Who, string>;
  as(who: Who): ReturnType<typeof asUser>;
  /** Moves the clock (less than the 30 idle minutes at a time) and keeps every session alive. */
  advance(ms: number): Promise<void>;
  /** Moves the clock on by whole days; the sessions idle out meanwhile, so every user signs in again. */
  advanceDays(days: number): Promise<void>;
  close(): Promise<void>;
}

export async function createWorld(
  env: Record<string, string> = {},
  clock?: TestApp['clock'],
): Promise<World> {
  const t = await createTestApp({ env: { SEED_DEMO: 'false', ...env }, clock });
  const db = t.app.vigil.database.db;
  const clinic = (id: string, name: string, active = true) => ({
    id,
    name,
    address: '1 Main St',
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    active,
    customAlerts: [...defaultCustomAlerts],
  });
  await db
    .insert(clinics)
    .values([
      clinic(ids.north, 'North Clinic'),
      clinic(ids.south, 'South Clinic'),
      clinic(ids.closed, 'Closed Clinic', false),
    ]);
  const passwordHash = await hashPassword(password);
  await db.insert(users).values(accounts.map((a) => ({ ...a, passwordHash })));
  const tokens = {} as Record<Who, string>;
  const signInAll = async () => {
    for (const [who, email] of Object.entries(signedIn))
      tokens[who as Who] = await signIn(t.app, email, password);
  };
  await signInAll();
  return {
    t,
    tokens,
    as: (who) => asUser(t.app, tokens[who]),
    advance: async (ms) => {
      if (ms >= 30 * 60_000) throw new Error('advance less than the session idle limit at a time');
      t.clock.advance(ms);
      for (const token of Object.values(tokens)) await asUser(t.app, token).get('/api/auth/me');
    },
    advanceDays: async (days) => {
      t.clock.advance(days * 86_400_000);
      await signInAll();
    },
    close: () => t.close(),
  };
}

/** Signs in again (a fresh session), answering the whole sign-in body. */
export async function signInBody(world: World, who: Who) {
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email: signedIn[who], password },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

let counter = 0;
/** A form that a North clinic user may submit on add; CIRCLE users add a navigator and staff. */
export function patientBody(change: Partial<PatientFormInput> = {}): PatientFormInput {
  counter += 1;
  return {
    clinic: ids.north,
    assignedPhysician: ids.northPhysician,
    careTeam: [ids.northStaff],
    firstName: `Pat${counter}`,
    lastName: 'Example',
    email: '',
    language: 'EN',
    dateOfBirth: '04/12/1950',
    gender: 'FEMALE',
    diagnosis: 'Hypertension',
    heightFeet: '5',
    heightInches: '7',
    weight: '165',
    phones: [{ number: '555-123-4567', type: 'Cell', notes: '' }],
    phone: '5551234567',
    consent: { status: 'Obtained via telephone' },
    connectDevices: 'Yes',
    preferences: { textConsent: 'Yes', emailConsent: 'Yes', monthlyReportConsent: 'Yes' },
    enrolled: true,
    ...change,
  };
}

/** Creates a patient through the API and answers its id. */
export async function addPatient(world: World, who: Who, body: PatientFormInput): Promise<string> {
  const res = await world.as(who).post('/api/pacients', body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
}

/**
 * Dates the patient's enrolment in force back to `at`, as if enrolled then: `enrolled_at` and the start of its
 * enrolment period, which billing counts device data in (decision 0013).
 */
export async function backdateEnrolment(world: World, patientId: string, at: Date): Promise<void> {
  const db = world.t.app.vigil.database.db;
  await db.update(patients).set({ enrolledAt: at }).where(eq(patients.id, patientId));
  await db
    .update(enrolmentPeriods)
    .set({ startedAt: at })
    .where(and(eq(enrolmentPeriods.patientId, patientId), isNull(enrolmentPeriods.endedAt)));
}

/**
 * Device readings of a North patient at these instants (ISO), stored straight into the table as a vendor
 * would have sent them: a blood pressure from Withings, each with its own vendor id.
 */
export async function addDeviceReadings(
  world: World,
  patientId: string,
  instants: readonly string[],
  extra: Partial<typeof readings.$inferInsert> = {},
): Promise<void> {
  await world.t.app.vigil.database.db.insert(readings).values(
    instants.map((iso) => ({
      clinicId: ids.north,
      patientId,
      takenAt: new Date(iso),
      systolic: 124,
      diastolic: 78,
      heartRate: 66,
      source: 'WITHINGS',
      vendorReadingId: randomUUID(),
      ...extra,
    })),
  );
}

/** A form for a South clinic patient: physician southPhysician, care team southStaff. */
export function southPatientBody(change: Partial<PatientFormInput> = {}): PatientFormInput {
  return patientBody({
    clinic: ids.south,
    assignedPhysician: ids.southPhysician,
    careTeam: [ids.southStaff],
    ...change,
  });
}

/** A South clinic patient added by southPhysician; answers its id. */
export const addSouthPatient = (world: World): Promise<string> =>
  addPatient(world, 'southPhysician', southPatientBody());

/** A North patient added by northStaff, then a South patient added by southPhysician. */
export async function addPatientInEachClinic(world: World): Promise<{ north: string; south: string }> {
  const north = await addPatient(world, 'northStaff', patientBody());
  return { north, south: await addSouthPatient(world) };
}

type WorldWithPatientInEachClinic = World & { northPatient: string; southPatient: string };

/**
 * Registers the hooks of a test file whose world holds a patient in each clinic (see addPatientInEachClinic),
 * then whatever `more` adds: the world answered is filled in, with the two patients' ids, before the file's
 * tests run, and closed after them.
 */
export function worldWithPatientInEachClinic(
  more: (world: WorldWithPatientInEachClinic) => Promise<void> = async () => {},
): WorldWithPatientInEachClinic {
  const live = {} as WorldWithPatientInEachClinic;
  beforeAll(async () => {
    Object.assign(live, await createWorld());
    const { north, south } = await addPatientInEachClinic(live);
    Object.assign(live, { northPatient: north, southPatient: south });
    await more(live);
  });
  afterAll(() => live.close());
  return live;
}

/** Every signed-in user of the tests: CIRCLE admin and navigator, North physician and staff, South physician. */
export const everyUser = fc.constantFrom<Who>(
  'circleAdmin',
  'navigatorA',
  'northPhysician',
  'northStaff',
  'southPhysician',
);
/** The signed-in North clinic users. */
export const northUsers = fc.constantFrom<Who>('northPhysician', 'northStaff');

/** Sends numRuns generated calls, each as a generated user, and checks every answer with expectClientAnswer. */
export function expectClientAnswers(
  world: World,
  calls: fc.Arbitrary<MalformedCall>,
  who: fc.Arbitrary<Who>,
  numRuns: number,
): Promise<void> {
  return fc.assert(
    fc.asyncProperty(calls, who, async (call, user) => {
      await expectClientAnswer(world.t.app, call, { authorization: `Bearer ${world.tokens[user]}` });
    }),
    { numRuns },
  );
}
