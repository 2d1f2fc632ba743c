import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSetups, patients, readings } from '../../db/schema/index.js';
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
 * 99453 once per enrolment (decision 0013), where the order of events matters: a month's report run after a
 * later month's, and a patient unenrolled and enrolled again. Each case has a physician of its own in a
 * world of its own, so its files are written out whole by hand.
 */
let w: World;
const db = () => w.t.app.vigil.database.db;
const p = { hana: '', rex: '' };

const at = (month: 10 | 11, day: number) => `2026-${month}-${String(day).padStart(2, '0')}T18:00:00Z`;

const hanaBody = patientBody({ firstName: 'Hana', lastName: 'Hotel', mr: 'MR-H' });
const rexBody = patientBody({
  firstName: 'Rex',
  lastName: 'Romeo',
  mr: 'MR-R',
  assignedPhysician: ids.northPhysician2,
});

async function addBillingPatient(body: typeof hanaBody) {
  const id = await addPatient(w, 'northPhysician', body);
  await backdateEnrolment(w, id, new Date('2026-09-20T17:00:00Z'));
  return id;
}

beforeAll(async () => {
  w = await createWorld();
  p.hana = await addBillingPatient(hanaBody);
  p.rex = await addBillingPatient(rexBody);
  // Two device days in October and two in November: October is the first month with 2 days.
  await addDeviceReadings(w, p.hana, [at(10, 1), at(10, 2), at(11, 3), at(11, 4)]);
  await addDeviceReadings(w, p.rex, [at(10, 1), at(10, 2)]);
});
afterAll(() => w.close());

const billing = (month: number, physician: string) =>
  w.as('northPhysician').get(`/api/reports/billing?month=${month}&year=2026&physician=${physician}`);

const header =
  'Patient Name,DOB,MR,Physician,Enrollment Date,Device Days,Tracked Minutes,Completed Call,99453,99454,99445,99457,99458,99470,Missing';
const csv = (...lines: string[]) => `\ufeff${[header, ...lines].map((l) => `${l}\r\n`).join('')}`;
const noCall = '99457: no completed call; 99458: no completed call; 99470: no completed call';

const setupMonths = async (patientId: string) =>
  (await db().select().from(billingSetups).where(eq(billingSetups.patientId, patientId)))
    .map((s) => `${s.enrolledAt.toISOString()} ${s.year}-${s.month}`)
    .sort();

describe('99453 when a later month is reported first', () => {
  const november = csv(
    `Hana Hotel,04/12/1950,MR-H,physician Fixture,09/20/2026,2,0,No,,,1,,,,99454: 2 of 16 days; ${noCall}`,
  );
  const october = csv(
    `Hana Hotel,04/12/1950,MR-H,physician Fixture,09/20/2026,2,0,No,1,,1,,,,99454: 2 of 16 days; ${noCall}`,
  );

  it('is not billed in November, whose report records October as the month that earned it', async () => {
    const res = await billing(11, ids.northPhysician);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(november);
    expect(await setupMonths(p.hana)).toEqual(['2026-09-20T17:00:00.000Z 2026-10']);
  });

  it('is billed in October when October is reported after it, and in no other month', async () => {
    const res = await billing(10, ids.northPhysician);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(october);
    expect((await billing(11, ids.northPhysician)).body).toBe(november);
    expect(await setupMonths(p.hana)).toEqual(['2026-09-20T17:00:00.000Z 2026-10']);
  });
});

describe('99453 for a patient enrolled again', () => {
  it("is earned again in the new enrolment's first month with 2 device days, from its own day on", async () => {
    const first = await billing(10, ids.northPhysician2);
    expect(first.body).toBe(
      csv(
        `Rex Romeo,04/12/1950,MR-R,physician2 Fixture,09/20/2026,2,0,No,1,,1,,,,99454: 2 of 16 days; ${noCall}`,
      ),
    );
    // A reading on November 1, while still in the first enrolment.
    await addDeviceReadings(w, p.rex, [at(11, 1)]);
    const unenrolled = await w
      .as('northPhysician')
      .put(`/api/pacients/${p.rex}`, { ...rexBody, enrolled: false });
    expect(unenrolled.statusCode, unenrolled.body).toBe(200);
    // The next day: enrolled again the same day, the first enrolment would go on.
    await w.advanceDays(1);
    const enrolled = await w
      .as('northPhysician')
      .put(`/api/pacients/${p.rex}`, { ...rexBody, enrolled: true });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const enrolledAt = (await db().select().from(patients).where(eq(patients.id, p.rex)))[0]!.enrolledAt!;
    expect(enrolledAt.toISOString()).toBe(w.t.clock.now().toISOString());
    expect(enrolledAt.toISOString().slice(0, 10)).toBe('2026-11-03');

    // November 1, in the first enrolment, is a device day of November, but the new enrolment has one day of
    // its own: two days, and no 99453 (the first enrolment's was October's).
    await addDeviceReadings(w, p.rex, [at(11, 3)]);
    expect((await billing(11, ids.northPhysician2)).body).toBe(
      csv(
        `Rex Romeo,04/12/1950,MR-R,physician2 Fixture,11/03/2026,2,0,No,,,1,,,,99454: 2 of 16 days; ${noCall}`,
      ),
    );
    await addDeviceReadings(w, p.rex, [at(11, 4)]);
    const res = await billing(11, ids.northPhysician2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(
      csv(
        `Rex Romeo,04/12/1950,MR-R,physician2 Fixture,11/03/2026,3,0,No,1,,1,,,,99454: 3 of 16 days; ${noCall}`,
      ),
    );
    expect(await setupMonths(p.rex)).toEqual([
      '2026-09-20T17:00:00.000Z 2026-10',
      `${enrolledAt.toISOString()} 2026-11`,
    ]);
  });
});

describe('99453 when a reading of the month that earned it is removed', () => {
  const earned = `Ida India,04/12/1950,MR-I,physician Fixture,09/20/2026,2,0,No,1,,1,,,,99454: 2 of 16 days; ${noCall}`;
  const lacking = `Ida India,04/12/1950,MR-I,physician Fixture,09/20/2026,1,0,No,,,,,,,99453: 1 of 2 days; 99454: 1 of 16 days; 99445: 1 of 2 days; ${noCall}`;

  it('is earned again in the next month with 2 device days, so that one month bills it', async () => {
    const ida = await addBillingPatient(patientBody({ firstName: 'Ida', lastName: 'India', mr: 'MR-I' }));
    await addDeviceReadings(w, ida, [at(10, 5), at(10, 6), at(11, 5), at(11, 6)]);
    expect((await billing(10, ids.northPhysician)).body).toContain(earned);
    expect(await setupMonths(ida)).toEqual(['2026-09-20T17:00:00.000Z 2026-10']);

    const [removed] = await db()
      .select()
      .from(readings)
      .where(and(eq(readings.patientId, ida), eq(readings.takenAt, new Date(at(10, 6)))));
    const res = await w.as('northPhysician').delete(`/api/readings/${removed!.id}`);
    expect(res.statusCode, res.body).toBe(200);

    expect((await billing(10, ids.northPhysician)).body).toContain(lacking);
    expect((await billing(11, ids.northPhysician)).body).toContain(earned);
    expect(await setupMonths(ida)).toEqual(['2026-09-20T17:00:00.000Z 2026-11']);
    // October's report again: November stands, and October still lacks a day.
    expect((await billing(10, ids.northPhysician)).body).toContain(lacking);
  });
});
