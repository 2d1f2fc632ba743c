import { randomUUID } from 'node:crypto';
import { defaultCustomAlerts } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, billingSetups, calls, clinics, patients, timeEntries } from '../../db/schema/index.js';
import {
  addDeviceReadings,
  addPatient,
  backdateEnrolment,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';

/**
 * The billing CSV (issue 12; decision 0013) for a North clinic month built for it: patients at 1, 2, 15, 16
 * and 25 device days and 9, 10, 19, 20, 40 and 61 tracked minutes, with and without a completed call,
 * manual and removed readings that must not count, and days at the edges of the clinic's zone. The
 * expected files are written out by hand.
 */
let w: World;
const db = () => w.t.app.vigil.database.db;
const p = { ada: '', ben: '', cy: '', di: '', ed: '', flo: '', other: '', never: '', formula: '' };

/** 11:00 in Los Angeles on that day of October 2026 (PDT). */
const october = (day: number, hour = 18) => `2026-10-${String(day).padStart(2, '0')}T${hour}:00:00Z`;
const november = (day: number) => `2026-11-${String(day).padStart(2, '0')}T19:00:00Z`;

async function addBillingPatient(
  firstName: string,
  lastName: string,
  mr: string,
  physician: string = ids.northPhysician,
) {
  const id = await addPatient(
    w,
    'northPhysician',
    patientBody({ firstName, lastName, assignedPhysician: physician }),
  );
  await db().update(patients).set({ mr }).where(eq(patients.id, id));
  await backdateEnrolment(w, id, new Date('2026-09-20T17:00:00Z'));
  return id;
}

const days = (n: number, at: (day: number) => string = october) =>
  Array.from({ length: n }, (_, i) => at(i + 1));

async function addTime(
  patientId: string,
  seconds: number,
  day: string,
  kind: 'timer' | 'manual' | 'bulk' = 'timer',
) {
  await db()
    .insert(timeEntries)
    .values({
      clinicId: ids.north,
      patientId,
      userId: ids.northStaff,
      seconds,
      kind,
      at: new Date(`${day}T18:00:00Z`),
      day,
    });
}

async function addCall(patientId: string, at: string, outcome: 'attempted' | 'completed' = 'completed') {
  await db()
    .insert(calls)
    .values({ clinicId: ids.north, patientId, userId: ids.northStaff, outcome, at: new Date(at) });
}

beforeAll(async () => {
  w = await createWorld();
  p.ada = await addBillingPatient('Ada', 'Alpha', 'MR-A');
  p.ben = await addBillingPatient('Ben', 'Bravo', 'MR-B');
  p.cy = await addBillingPatient('Cy', 'Charlie', 'MR-C');
  p.di = await addBillingPatient('Di', 'Delta', 'MR-D');
  p.ed = await addBillingPatient('Ed', 'Echo', 'MR-E');
  p.flo = await addBillingPatient('Flo', 'Foxtrot', 'MR-F');
  p.other = await addBillingPatient('Olga', 'Other', 'MR-O', ids.northPhysician2);
  p.never = await addPatient(
    w,
    'northPhysician',
    patientBody({ firstName: 'Nia', lastName: 'Never', enrolled: false }),
  );
  p.formula = await addBillingPatient('Formula', 'Patient', '@MR', ids.northPhysician2);
  // Stored as a spreadsheet would run it, whatever the patient form lets through.
  await db()
    .update(patients)
    .set({ firstName: '=HYPERLINK("http://evil.test","Open")', lastName: '-Minus' })
    .where(eq(patients.id, p.formula));

  // Ada: one October day. Her reading at 22:00 on September 30 in Los Angeles is 05:00 UTC on October 1.
  await addDeviceReadings(w, p.ada, [october(1), october(1, 20), '2026-10-01T05:00:00Z']);
  // Ben: two device days; manual readings on three more days count for nothing.
  await addDeviceReadings(w, p.ben, days(2));
  await addDeviceReadings(w, p.ben, [october(3), october(4), october(5)], {
    source: 'MANUAL',
    vendorReadingId: null,
  });
  await addDeviceReadings(w, p.cy, days(15));
  await addDeviceReadings(w, p.di, days(16));
  // Ed: 24 days, then October 31 at 22:00 in Los Angeles (November 1 in UTC); a removed reading on the 30th.
  await addDeviceReadings(w, p.ed, [...days(24), '2026-11-01T05:00:00Z']);
  await addDeviceReadings(w, p.ed, [october(30)], {
    removedAt: new Date(october(30, 20)),
    removedBy: ids.northStaff,
  });
  await addDeviceReadings(w, p.flo, days(2));
  await addDeviceReadings(w, p.other, days(3));
  await addDeviceReadings(w, p.formula, days(3));

  await addTime(p.ada, 9 * 60, '2026-10-05');
  await addTime(p.ben, 10 * 60, '2026-10-05', 'manual');
  await addTime(p.cy, 19 * 60 + 59, '2026-10-05');
  await addTime(p.di, 20 * 60, '2026-10-31');
  // Outside October: the last of September and the first of November.
  await addTime(p.di, 30 * 60, '2026-09-30');
  await addTime(p.di, 30 * 60, '2026-11-01');
  await addTime(p.ed, 25 * 60, '2026-10-06');
  await addTime(p.ed, 15 * 60, '2026-10-07', 'manual');
  await addTime(p.flo, 31 * 60, '2026-10-08', 'bulk');
  await addTime(p.flo, 30 * 60, '2026-10-09');

  for (const id of [p.ada, p.ben, p.di, p.ed, p.flo]) await addCall(id, october(10));
  // Cy: an attempted call in October, his completed one in November.
  await addCall(p.cy, october(10), 'attempted');
  await addCall(p.cy, november(3));

  // November: Ada reaches two days (her first 99453); Di has three more.
  await addDeviceReadings(w, p.ada, [november(3), november(4)]);
  await addDeviceReadings(w, p.di, [november(3), november(4), november(5)]);
});
afterAll(() => w.close());

const billing = (query: string, who: Parameters<World['as']>[0] = 'northPhysician') =>
  w.as(who).get(`/api/reports/billing?${query}`);

const header =
  'Patient Name,DOB,MR,Physician,Enrollment Date,Device Days,Tracked Minutes,Completed Call,99453,99454,99445,99457,99458,99470,Missing';
const csv = (...lines: string[]) => `\ufeff${[header, ...lines].map((l) => `${l}\r\n`).join('')}`;
const who = '04/12/1950';
const doctor = 'physician Fixture';
const enrolled = '09/20/2026';

const expectedOctober = csv(
  `Ada Alpha,${who},MR-A,${doctor},${enrolled},1,9,Yes,,,,,,,99453: 1 of 2 days; 99454: 1 of 16 days; 99445: 1 of 2 days; 99457: 9 of 20 minutes; 99458: 9 of 40 minutes; 99470: 9 of 10 minutes`,
  `Ben Bravo,${who},MR-B,${doctor},${enrolled},2,10,Yes,1,,1,,,1,99454: 2 of 16 days; 99457: 10 of 20 minutes; 99458: 10 of 40 minutes`,
  `Cy Charlie,${who},MR-C,${doctor},${enrolled},15,19,No,1,,1,,,,99454: 15 of 16 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
  `Di Delta,${who},MR-D,${doctor},${enrolled},16,20,Yes,1,1,,1,,,99458: 20 of 40 minutes`,
  `Ed Echo,${who},MR-E,${doctor},${enrolled},25,40,Yes,1,1,,1,1,,`,
  `Flo Foxtrot,${who},MR-F,${doctor},${enrolled},2,61,Yes,1,,1,1,2,,99454: 2 of 16 days`,
);

describe('the billing CSV', () => {
  it("equals the month written out by hand, with 99453 in each patient's first month of 2 device days", async () => {
    const res = await billing(`month=10&year=2026&physician=${ids.northPhysician}&clinic=${ids.north}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="Billing - North Clinic - physician Fixture - 2026-10.csv"',
    );
    expect(res.body).toBe(expectedOctober);
  });

  it('does not earn 99453 again the next month, except for a patient who reaches 2 days only then', async () => {
    const res = await billing(`month=11&year=2026&physician=${ids.northPhysician}&clinic=${ids.north}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(
      csv(
        `Ada Alpha,${who},MR-A,${doctor},${enrolled},2,0,No,1,,1,,,,99454: 2 of 16 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
        `Ben Bravo,${who},MR-B,${doctor},${enrolled},0,0,No,,,,,,,99454: 0 of 16 days; 99445: 0 of 2 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
        `Cy Charlie,${who},MR-C,${doctor},${enrolled},0,0,Yes,,,,,,,99454: 0 of 16 days; 99445: 0 of 2 days; 99457: 0 of 20 minutes; 99458: 0 of 40 minutes; 99470: 0 of 10 minutes`,
        `Di Delta,${who},MR-D,${doctor},${enrolled},3,30,No,,,1,,,,99454: 3 of 16 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
        `Ed Echo,${who},MR-E,${doctor},${enrolled},0,0,No,,,,,,,99454: 0 of 16 days; 99445: 0 of 2 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
        `Flo Foxtrot,${who},MR-F,${doctor},${enrolled},0,0,No,,,,,,,99454: 0 of 16 days; 99445: 0 of 2 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
      ),
    );
    const setups = await db().select().from(billingSetups).where(eq(billingSetups.clinicId, ids.north));
    expect(Object.fromEntries(setups.map((s) => [s.patientId, `${s.year}-${s.month}`]))).toMatchObject({
      [p.ada]: '2026-11',
      [p.ben]: '2026-10',
      [p.di]: '2026-10',
    });
  });

  it('gives the first month the same answer when run again', async () => {
    const res = await billing(`month=10&year=2026&physician=${ids.northPhysician}&clinic=${ids.north}`);
    expect(res.body).toBe(expectedOctober);
  });

  it('agrees with itself when two runs record 99453 at once', async () => {
    const fresh = await addBillingPatient('Gus', 'Golf', 'MR-G');
    await addDeviceReadings(w, fresh, days(4));
    const query = `month=10&year=2026&physician=${ids.northPhysician}&clinic=${ids.north}`;
    const [a, b] = await Promise.all([billing(query), billing(query, 'northStaff')]);
    expect(a.body).toBe(b.body);
    expect(a.body).toContain(`Gus Golf,${who},MR-G,${doctor},${enrolled},4,0,No,1,,1,`);
    expect(await db().select().from(billingSetups).where(eq(billingSetups.patientId, fresh))).toHaveLength(1);
  });

  it('covers every physician of the clinic when none is named, never a patient without an enrolment', async () => {
    const res = await billing('month=10&year=2026', 'northStaff');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Billing - North Clinic - All physicians - 2026-10.csv"',
    );
    const lines = res.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(9);
    // The escaped formula's place among letters depends on the database's collation.
    expect(lines.filter((l) => l.startsWith(`"'=HYPERLINK(`))).toHaveLength(1);
    expect(lines.filter((l) => !l.startsWith('"')).map((l) => l.split(',')[0])).toEqual([
      'Ada Alpha',
      'Ben Bravo',
      'Cy Charlie',
      'Di Delta',
      'Ed Echo',
      'Flo Foxtrot',
      'Gus Golf',
      'Olga Other',
    ]);
    expect(res.body).not.toContain('Never');
  });

  it('escapes a cell a spreadsheet would run as a formula', async () => {
    const res = await billing(`month=10&year=2026&physician=${ids.northPhysician2}&clinic=${ids.north}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(
      csv(
        `"'=HYPERLINK(""http://evil.test"",""Open"") -Minus",${who},'@MR,physician2 Fixture,${enrolled},3,0,No,1,,1,,,,99454: 3 of 16 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
        `Olga Other,${who},MR-O,physician2 Fixture,${enrolled},3,0,No,1,,1,,,,99454: 3 of 16 days; 99457: no completed call; 99458: no completed call; 99470: no completed call`,
      ),
    );
  });

  it('writes one audit event naming the clinic, the month and the patients', async () => {
    const res = await billing(
      `month=10&year=2026&physician=${ids.northPhysician}&clinic=${ids.north}`,
      'circleAdmin',
    );
    expect(res.statusCode, res.body).toBe(200);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'patients.listed'),
          eq(auditEvents.entityId, 'billing-report'),
          eq(auditEvents.actorUserId, ids.circleAdmin),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ clinicId: ids.north, patientId: null });
    expect(events[0]!.details).toMatchObject({
      message: 'Downloaded the billing report of North Clinic (physician Fixture) for 10/2026 (7 patients)',
      month: 10,
      year: 2026,
      count: 7,
      patientIds: [p.ada, p.ben, p.cy, p.di, p.ed, p.flo, expect.any(String)],
    });
  });
});

describe("the billing file's name", () => {
  it('comes back whole from a clinic named with an apostrophe and parentheses, percent-encoded as RFC 5987 asks', async () => {
    const clinicId = randomUUID();
    const name = "St. Mary's (North)";
    await db()
      .insert(clinics)
      .values({
        id: clinicId,
        name,
        address: '2 Main St',
        slug: `st-marys-${clinicId}`,
        customAlerts: [...defaultCustomAlerts],
      });
    const res = await billing(`month=10&year=2026&clinic=${clinicId}`, 'circleAdmin');
    expect(res.statusCode, res.body).toBe(200);
    const header = res.headers['content-disposition'] as string;
    const fileName = `Billing - ${name} - All physicians - 2026-10.csv`;
    expect(header).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''Billing%20-%20St.%20Mary%27s%20%28North%29%20-%20All%20physicians%20-%202026-10.csv`,
    );
    // RFC 5987's attr-char and percent escapes only: a strict client reads the value to its end.
    const encoded = header.split("filename*=UTF-8''")[1]!;
    expect(encoded).toMatch(/^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/);
    expect(decodeURIComponent(encoded)).toBe(fileName);
  });
});

describe('who may ask for which billing report', () => {
  it("refuses a clinic user another clinic's report, and a physician of another clinic, as not found", async () => {
    expect(
      (await billing(`month=10&year=2026&physician=${ids.southPhysician}&clinic=${ids.south}`)).statusCode,
    ).toBe(404);
    expect(
      (await billing(`month=10&year=2026&physician=${ids.southPhysician}&clinic=${ids.north}`)).statusCode,
    ).toBe(404);
    expect(
      (await billing(`month=10&year=2026&physician=${ids.northStaff}&clinic=${ids.north}`)).statusCode,
    ).toBe(404);
    expect((await billing('month=10&year=2026&physician=not-a-uuid')).statusCode).toBe(404);
    expect((await billing('month=10&year=2026&clinic=not-a-uuid', 'circleAdmin')).statusCode).toBe(404);
  });

  it("gives a clinic user their own clinic's when none is named", async () => {
    const res = await billing(`month=10&year=2026&physician=${ids.southPhysician}`, 'southPhysician');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('South Clinic');
    expect(res.body).toBe(csv());
  });

  it('asks an operator for the clinic', async () => {
    const res = await billing(`month=10&year=2026&physician=${ids.northPhysician}`, 'navigatorA');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Required', fields: { clinic: 'Required' } });
    const ok = await billing(`month=10&year=2026&clinic=${ids.south}`, 'navigatorA');
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a month that is not one', async () => {
    for (const query of [
      'month=13&year=2026',
      'month=0&year=2026',
      'month=x&year=2026',
      'year=2026',
      'month=10',
    ]) {
      const res = await billing(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
    }
  });

  it('needs a session', async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/reports/billing?month=10&year=2026' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the first reading date', () => {
  it("answers the earliest reading of the user's clinics", async () => {
    expect((await w.as('northStaff').get('/api/reports/first-reading-date')).json()).toEqual({
      data: { date: '2026-10-01T05:00:00.000Z' },
    });
    expect((await w.as('circleAdmin').get('/api/reports/first-reading-date')).json().data.date).toBe(
      '2026-10-01T05:00:00.000Z',
    );
    expect((await w.as('southPhysician').get('/api/reports/first-reading-date')).json()).toEqual({
      data: { date: null },
    });
  });
});
