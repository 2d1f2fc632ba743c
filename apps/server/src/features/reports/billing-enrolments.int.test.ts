import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSetups } from '../../db/schema/index.js';
import { createTestClock } from '../../test/test-app.js';
import {
  addDeviceReadings,
  addPatient,
  backdateEnrolment,
  createWorld,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';

/**
 * The billing CSV over a patient's enrolments (decision 0013): device days count inside an enrolment period
 * only, so unenrolling and enrolling again leaves past months as they were, and 99453 is earned once per
 * enrolment. The clock starts at 10:00 on November 24, 2026 in Los Angeles, the day of the unenrolments; the
 * patient form writes the periods, and each test reads them back through the CSV.
 */
let w: World;
const db = () => w.t.app.vigil.database.db;

beforeAll(async () => {
  w = await createWorld({}, createTestClock(new Date('2026-11-24T18:00:00Z')));
});
afterAll(() => w.close());

const at = (month: number, day: number, hour = 18) =>
  `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
const days = (month: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => at(month, from + i));

/** A North patient of northPhysician, enrolled through the form and dated back to September 20. */
async function addEnrolledSince(body: ReturnType<typeof patientBody>) {
  const id = await addPatient(w, 'northPhysician', body);
  await backdateEnrolment(w, id, new Date('2026-09-20T17:00:00Z'));
  return id;
}

/** Saves the patient form with enrolment on or off. */
async function setEnrolled(id: string, body: ReturnType<typeof patientBody>, enrolled: boolean) {
  const res = await w.as('northPhysician').put(`/api/pacients/${id}`, { ...body, enrolled });
  expect(res.statusCode, res.body).toBe(200);
}

/** The patient's row of the month's CSV for every physician of North. */
async function billingRow(month: number, name: string) {
  const res = await w.as('northPhysician').get(`/api/reports/billing?month=${month}&year=2026&physician=all`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body.split('\r\n').find((line) => line.startsWith(`${name},`));
}

const setupMonths = async (patientId: string) =>
  (await db().select().from(billingSetups).where(eq(billingSetups.patientId, patientId)))
    .map((s) => `${s.enrolledAt.toISOString()} ${s.year}-${s.month}`)
    .sort();

const who = '04/12/1950';
const doctor = 'physician Fixture';
const noCall = '99457: no completed call; 99458: no completed call; 99470: no completed call';
const notEnrolled = ['99453', '99454', '99445', '99457', '99458', '99470']
  .map((code) => `${code}: not enrolled this month`)
  .join('; ');

describe('a patient unenrolled and enrolled again', () => {
  it("keeps November's 16 device days, 99454 and 99453, and October as it was", async () => {
    const body = patientBody({ firstName: 'Una', lastName: 'Uniform', mr: 'MR-U' });
    const una = await addEnrolledSince(body);
    // One day in October; fifteen in November, and the morning of the 24th, before the unenrolment.
    await addDeviceReadings(w, una, [at(10, 5), ...days(11, 1, 15), at(11, 24, 16)]);
    const october = `Una Uniform,${who},MR-U,${doctor},09/20/2026,1,0,No,,,,,,,99453: 1 of 2 days; 99454: 1 of 16 days; 99445: 1 of 2 days; ${noCall}`;
    expect(await billingRow(10, 'Una Uniform')).toBe(october);
    expect(await billingRow(11, 'Una Uniform')).toBe(
      `Una Uniform,${who},MR-U,${doctor},09/20/2026,16,0,No,1,1,,,,,${noCall}`,
    );

    await setEnrolled(una, body, false);
    await w.advanceDays(1);
    await setEnrolled(una, body, true);

    // The enrolment in force is the new one; the days and codes are the month's all the same.
    expect(await billingRow(11, 'Una Uniform')).toBe(
      `Una Uniform,${who},MR-U,${doctor},11/25/2026,16,0,No,1,1,,,,,${noCall}`,
    );
    expect(await billingRow(10, 'Una Uniform')).toBe(october);
    // Back to the 24th, where the file's other cases start.
    await w.advanceDays(-1);
  });

  it('goes on as one enrolment when enrolled again the day it was unenrolled: no second 99453', async () => {
    const body = patientBody({ firstName: 'Ugo', lastName: 'Umbra', mr: 'MR-G' });
    const ugo = await addEnrolledSince(body);
    await addDeviceReadings(w, ugo, [at(10, 5), at(10, 6), ...days(11, 1, 20)]);
    const november = `Ugo Umbra,${who},MR-G,${doctor},09/20/2026,20,0,No,,1,,,,,${noCall}`;
    expect(await billingRow(11, 'Ugo Umbra')).toBe(november);

    await setEnrolled(ugo, body, false);
    await w.advance(60_000);
    await setEnrolled(ugo, body, true);
    await addDeviceReadings(w, ugo, [at(11, 24, 23)]);

    expect(await billingRow(11, 'Ugo Umbra')).toBe(november.replace(',20,', ',21,'));
    expect(await setupMonths(ugo)).toEqual(['2026-09-20T17:00:00.000Z 2026-10']);
  });
});

describe('device data while the patient is not enrolled', () => {
  it('does not count, from the instant of the unenrolment on', async () => {
    const body = patientBody({ firstName: 'Vic', lastName: 'Victor', mr: 'MR-V' });
    const vic = await addEnrolledSince(body);
    await setEnrolled(vic, body, false);
    // October earns 99453; November 2 and the morning of the 24th fall inside the enrolment, the rest after.
    await addDeviceReadings(w, vic, [
      at(10, 1),
      at(10, 2),
      at(11, 2),
      at(11, 24, 16),
      at(11, 25),
      at(11, 26),
      at(12, 1),
      at(12, 2),
    ]);
    expect(await billingRow(11, 'Vic Victor')).toBe(
      `Vic Victor,${who},MR-V,${doctor},09/20/2026,2,0,No,,,1,,,,99454: 2 of 16 days; ${noCall}`,
    );
    // No enrolment overlaps December: nothing is earned, as in a month before the enrolment.
    expect(await billingRow(12, 'Vic Victor')).toBe(
      `Vic Victor,${who},MR-V,${doctor},09/20/2026,0,0,No,,,,,,,${notEnrolled}`,
    );
  });
});

describe('tracked time and calls', () => {
  it('count only inside an enrolment: not the setup before it, nor anything after an unenrolment', async () => {
    const body = patientBody({ firstName: 'Tess', lastName: 'Tango', mr: 'MR-T', enrolled: false });
    const tess = await addPatient(w, 'northPhysician', body);
    const track = async (seconds: number) => {
      const res = await w
        .as('northStaff')
        .post(`/api/pacients/${tess}/track`, { time: seconds, kind: 'manual' });
      expect(res.statusCode, res.body).toBe(200);
    };
    const completedCall = async () => {
      const res = await w.as('northStaff').post(`/api/pacients/${tess}/log-completed-call`, {});
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    const figures = async () => {
      const cells = (await billingRow(11, 'Tess Tango'))!.split(',');
      return { minutes: cells[6], completedCall: cells[7] };
    };
    await track(2700);
    await completedCall();

    w.t.clock.advance(60_000);
    await setEnrolled(tess, body, true);
    expect(await figures()).toEqual({ minutes: '0', completedCall: 'No' });
    w.t.clock.advance(60_000);
    await track(1200);
    expect(await figures()).toEqual({ minutes: '20', completedCall: 'No' });
    await completedCall();
    expect(await figures()).toEqual({ minutes: '20', completedCall: 'Yes' });

    w.t.clock.advance(60_000);
    await setEnrolled(tess, body, false);
    w.t.clock.advance(60_000);
    await track(600);
    expect(await figures()).toEqual({ minutes: '20', completedCall: 'Yes' });
  });
});

describe('99453', () => {
  it('is earned once per enrolment: again after a re-enrolment, and then not again', async () => {
    const body = patientBody({ firstName: 'Wes', lastName: 'Whiskey', mr: 'MR-W' });
    const wes = await addEnrolledSince(body);
    await addDeviceReadings(w, wes, [at(10, 1), at(10, 2)]);
    await setEnrolled(wes, body, false);
    await w.advanceDays(1);
    await setEnrolled(wes, body, true);
    const enrolledAgain = w.t.clock.now();
    // Back to the 24th, where the file's other cases start.
    await w.advanceDays(-1);
    await addDeviceReadings(w, wes, [at(11, 25), at(11, 26), ...days(12, 1, 3)]);

    expect(await billingRow(10, 'Wes Whiskey')).toBe(
      `Wes Whiskey,${who},MR-W,${doctor},09/20/2026,2,0,No,1,,1,,,,99454: 2 of 16 days; ${noCall}`,
    );
    expect(await billingRow(11, 'Wes Whiskey')).toBe(
      `Wes Whiskey,${who},MR-W,${doctor},11/25/2026,2,0,No,1,,1,,,,99454: 2 of 16 days; ${noCall}`,
    );
    expect(await billingRow(12, 'Wes Whiskey')).toBe(
      `Wes Whiskey,${who},MR-W,${doctor},11/25/2026,3,0,No,,,1,,,,99454: 3 of 16 days; ${noCall}`,
    );
    expect(await setupMonths(wes)).toEqual([
      '2026-09-20T17:00:00.000Z 2026-10',
      `${enrolledAgain.toISOString()} 2026-11`,
    ]);
  });
});

describe('the patient form', () => {
  it('opens an enrolment on adding an enrolled patient and on enrolling, and closes it on unenrolling', async () => {
    const body = patientBody({ firstName: 'Xia', lastName: 'Xray', mr: 'MR-X' });
    // Added on November 24: the day before does not count, the enrolment day does.
    const xia = await addPatient(w, 'northPhysician', body);
    await addDeviceReadings(w, xia, [at(11, 23), at(11, 24, 16)]);
    await w.advanceDays(1);
    await setEnrolled(xia, body, false);
    // The evening of the 25th, after the unenrolment that morning.
    await addDeviceReadings(w, xia, [at(11, 25, 23)]);
    expect(await billingRow(11, 'Xia Xray')).toBe(
      `Xia Xray,${who},MR-X,${doctor},11/24/2026,1,0,No,,,,,,,99453: 1 of 2 days; 99454: 1 of 16 days; 99445: 1 of 2 days; ${noCall}`,
    );

    await w.advanceDays(1);
    await addDeviceReadings(w, xia, [at(11, 26, 17)]);
    await w.advanceDays(1);
    await setEnrolled(xia, body, true);
    await addDeviceReadings(w, xia, [at(11, 27, 20)]);
    await w.advanceDays(1);
    await addDeviceReadings(w, xia, [at(11, 28, 17)]);
    // The 24th, then the 27th and 28th of the new enrolment, which earn its 99453.
    expect(await billingRow(11, 'Xia Xray')).toBe(
      `Xia Xray,${who},MR-X,${doctor},11/27/2026,3,0,No,1,,1,,,,99454: 3 of 16 days; ${noCall}`,
    );
  });
});
