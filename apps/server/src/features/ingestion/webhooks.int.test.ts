import { errorMessages, messages, unrecognisedReasons } from '@vigil/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, readings } from '../../db/schema/index.js';
import { whileSlowing } from '../../test/refuse-writes.js';
import { createTestApp, onPostgres } from '../../test/test-app.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';
import bodyTraceLegacy from './fixtures/bodytrace-bp-legacy.json' with { type: 'json' };
import bodyTraceHeartbeat from './fixtures/bodytrace-heartbeat.json' with { type: 'json' };
import bodyTraceScale from './fixtures/bodytrace-scale.json' with { type: 'json' };
import eDevice from './fixtures/edevice.json' with { type: 'json' };
import pylo from './fixtures/pylo.json' with { type: 'json' };
import smartMeter from './fixtures/smart-meter.json' with { type: 'json' };
import tenoviArray from './fixtures/tenovi-array.json' with { type: 'json' };
import {
  deliver,
  deviceRow,
  pairDevice,
  readingsOf,
  unrecognisedRow,
  type Vendor,
  vendorHeaders,
} from './ingestion-fixtures.js';

let w: World;
const db = () => w.t.app.vigil.database.db;
const app = () => w.t.app;
const minute = 60_000;

/** North patients, each with the devices of one test. */
const p = { scale: '', cuff: '', tenovi: '', others: '', states: '', south: '' };
const d = { scale: '', cuff: '', tenovi: '', meter: '', pylo: '', edevice: '' };

beforeAll(async () => {
  w = await createWorld();
  for (const key of ['scale', 'cuff', 'tenovi', 'others', 'states'] as const) {
    p[key] = await addPatient(w, 'northStaff', patientBody());
  }
  p.south = await addPatient(
    w,
    'southPhysician',
    patientBody({ clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] }),
  );
  d.scale = (await pairDevice(db(), p.scale, 'BODYTRACE', bodyTraceScale.imei)).id;
  d.cuff = (await pairDevice(db(), p.cuff, 'BODYTRACE', '490154203237518')).id;
  d.tenovi = (await pairDevice(db(), p.tenovi, 'Tenovi', tenoviArray[0]!.hwi_device_id)).id;
  d.meter = (await pairDevice(db(), p.others, 'Smart Meter', smartMeter.imei)).id;
  d.pylo = (await pairDevice(db(), p.others, 'Pylo', pylo.imei)).id;
  d.edevice = (await pairDevice(db(), p.others, 'EDEVICE', eDevice.bluetoothMA)).id;
});
afterAll(() => w.close());

/** A Withings notification, form-encoded as Withings sends it. */
const notifyWithings = (form: string) =>
  app().inject({
    method: 'POST',
    url: '/api/webhooks/withings',
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const totalReadings = async () => (await db().select({ n: count() }).from(readings))[0]!.n;

/** A BodyTrace scale added to North's stock, by its inventory id. */
async function addNorthScale(serialNumber: string): Promise<string> {
  const added = await w
    .as('circleAdmin')
    .post('/api/devices', { brand: 'BODYTRACE', type: 'Scale', serialNumber, clinicId: ids.north });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().data.device._id;
}

describe('each vendor, in its own format, stored in the product units', () => {
  it('BodyTrace scale: 69800 g stored as 153.88 lbs, the device seen, connected and now known as a scale', async () => {
    const res = await deliver(app(), 'bodytrace', bodyTraceScale);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    const [reading] = await readingsOf(db(), p.scale);
    expect(reading).toMatchObject({
      source: 'BODYTRACE',
      vendorReadingId: '013950005553171:1793620800000',
      takenAt: new Date('2026-11-02T12:00:00Z'),
      weightLbs: 153.88,
      systolic: null,
      deviceId: d.scale,
      raw: bodyTraceScale,
      createdBy: null,
    });
    const device = await deviceRow(db(), d.scale);
    expect(device).toMatchObject({ signal: 91, type: 'Scale' });
    expect(device.lastSeenAt).toEqual(w.t.clock.now());
    expect(device.lastConnectedAt).toEqual(w.t.clock.now());
  });

  it('a device entered with the wrong type takes the type its readings show', async () => {
    const patient = await addPatient(w, 'northStaff', patientBody());
    const imei = '864475040123499';
    const device = await pairDevice(db(), patient, 'Pylo', imei, { type: 'Scale' });
    const bp = { ...pylo, id: 'pylo-typed', imei, reading_type: 'blood_pressure', weight_lbs: null };
    const res = await deliver(app(), 'pylo', { ...bp, systolic: 128, diastolic: 82, pulse: 70 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await deviceRow(db(), device.id)).type).toBe('Blood Pressure Monitor');
  });

  it('BodyTrace, older generation: the deviceId finds the IMEI; 17332 Pa is 130 mmHg', async () => {
    const res = await deliver(app(), 'bodytrace', bodyTraceLegacy);
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await readingsOf(db(), p.cuff)).toEqual([
      expect.objectContaining({
        vendorReadingId: '490154203237518:1793624400000',
        systolic: 130,
        diastolic: 80,
        heartRate: 72,
        weightLbs: null,
      }),
    ]);
    expect((await deviceRow(db(), d.cuff)).type).toBe('Blood Pressure Monitor');
  });

  it('Tenovi: a blood pressure and a pulse of one timestamp are one reading, and the battery is kept', async () => {
    const res = await deliver(app(), 'tenovi', tenoviArray);
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await readingsOf(db(), p.tenovi)).toEqual([
      expect.objectContaining({
        source: 'TENOVI',
        vendorReadingId: 'TV-BPM-0042:2026-11-02T14:00:00.000Z:0',
        systolic: 142,
        diastolic: 91,
        heartRate: 77,
      }),
    ]);
    expect((await deviceRow(db(), d.tenovi)).battery).toBe(83);
  });

  it('Smart Meter, Pylo and eDevice, each in its format', async () => {
    for (const [vendor, payload] of [
      ['smart-meter', smartMeter],
      ['pylo', pylo],
      ['edevice', eDevice],
    ] as const) {
      const res = await deliver(app(), vendor, payload);
      expect(res.statusCode, `${vendor}: ${res.body}`).toBe(200);
    }
    const stored = await readingsOf(db(), p.others);
    expect(stored.map((r) => [r.source, r.vendorReadingId, r.deviceId])).toEqual([
      ['SMART_METER', 'sm-77001', d.meter],
      ['PYLO', `${pylo.imei}:pylo-5c1e2f`, d.pylo],
      ['EDEVICE', 'A4C1380E1122:edv-000913', d.edevice],
    ]);
    expect(stored.map((r) => [r.systolic, r.diastolic, r.heartRate, r.weightLbs])).toEqual([
      [118, 76, 61, null],
      [null, null, null, 201.4],
      [124, 79, 66, null],
    ]);
  });

  it('Smart Meter: a weight carrying a blood pressure is refused with 400 naming it, and stores nothing', async () => {
    const before = await readingsOf(db(), p.others);
    const res = await deliver(app(), 'smart-meter', {
      ...smartMeter,
      reading_id: 'sm-mixed',
      reading_type: 'weight',
      systolic_mmhg: 212,
      diastolic_mmhg: 104,
      pulse_bpm: null,
      weight_lbs: 170,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      systolic_mmhg: 'Expected no systolic_mmhg in a weight reading',
      diastolic_mmhg: 'Expected no diastolic_mmhg in a weight reading',
    });
    expect(await readingsOf(db(), p.others)).toEqual(before);
  });

  it('eDevice: a hub writing the Bluetooth address with dashes, or bare, reaches the device entered with colons', async () => {
    const notations = ['A4-C1-38-0E-11-22', 'a4c1380e1122'];
    for (const [i, bluetoothMA] of notations.entries()) {
      const res = await deliver(app(), 'edevice', { ...eDevice, bluetoothMA, id: `edv-notation-${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const stored = (await readingsOf(db(), p.others)).filter((r) =>
      r.vendorReadingId?.startsWith('A4C1380E1122:edv-notation'),
    );
    expect(stored.map((r) => r.deviceId)).toEqual([d.edevice, d.edevice]);
  });
});

describe('replays and heartbeats', () => {
  it('stores a replayed delivery once and says it was a duplicate', async () => {
    const before = await totalReadings();
    const res = await deliver(app(), 'bodytrace', bodyTraceScale);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: 0, duplicates: 1 });
    expect(await totalReadings()).toBe(before);
  });

  it('stores one reading when identical deliveries arrive at once', async () => {
    const payload = { ...pylo, id: 'pylo-concurrent', measured_at: '2026-11-02T16:40:00Z' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(app(), 'pylo', payload)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = answers.map((r) => r.json() as { stored: number; duplicates: number });
    expect(bodies.reduce((n, b) => n + b.stored, 0)).toBe(1);
    expect(bodies.reduce((n, b) => n + b.duplicates, 0)).toBe(5);
    const rows = await db()
      .select()
      .from(readings)
      .where(eq(readings.vendorReadingId, `${pylo.imei}:pylo-concurrent`));
    expect(rows).toHaveLength(1);
  });

  it("two devices sending one id store two readings: an id names a reading of its device, not a replay of another's", async () => {
    const other = await addPatient(w, 'northStaff', patientBody());
    const otherImei = '864475040123481';
    await pairDevice(db(), other, 'Pylo', otherImei);
    const payload = { ...pylo, id: 'pylo-shared-7', measured_at: '2026-11-02T16:50:00Z' };
    expect((await deliver(app(), 'pylo', payload)).json()).toEqual({ stored: 1, duplicates: 0 });
    const second = await deliver(app(), 'pylo', { ...payload, imei: otherImei, weight_lbs: 150.2 });
    expect(second.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await readingsOf(db(), other)).map((r) => [r.vendorReadingId, r.weightLbs])).toEqual([
      [`${otherImei}:pylo-shared-7`, 150.2],
    ]);
  });

  it('a heartbeat updates when the device was last seen and its signal, and stores no reading', async () => {
    const before = await totalReadings();
    const connected = (await deviceRow(db(), d.scale)).lastConnectedAt;
    await w.advance(10 * minute);
    const res = await deliver(app(), 'bodytrace', bodyTraceHeartbeat);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: 0, duplicates: 0 });
    const device = await deviceRow(db(), d.scale);
    expect(device.lastSeenAt).toEqual(w.t.clock.now());
    expect(device.lastConnectedAt).toEqual(connected);
    expect(device.signal).toBe(64);
    expect(await totalReadings()).toBe(before);
  });
});

describe('secrets', () => {
  const wrong: Record<Vendor, Record<string, string>[]> = {
    bodytrace: [
      {},
      { authorization: `Basic ${Buffer.from('bodytrace-demo:nope').toString('base64')}` },
      { authorization: 'Bearer bodytrace-demo-secret' },
    ],
    edevice: [{}, { authorization: `Basic ${Buffer.from('x:edevice-demo-secret').toString('base64')}` }],
    tenovi: [{}, { authorization: 'tenovi-demo-secreT' }],
    'smart-meter': [{}, { 'x-api-key': 'pylo-demo-key' }],
    pylo: [{}, { 'x-api-key': 'smart-meter-demo-key' }, { authorization: 'pylo-demo-key' }],
  };
  const payloads: Record<Vendor, unknown> = {
    bodytrace: { ...bodyTraceScale, ts: 1793620900000 },
    edevice: { ...eDevice, id: 'edv-wrong' },
    tenovi: [{ ...tenoviArray[0], timestamp: '2026-11-02T14:30:00Z' }],
    'smart-meter': { ...smartMeter, reading_id: 'sm-wrong' },
    pylo: { ...pylo, id: 'pylo-wrong' },
  };

  it.each(Object.keys(wrong) as Vendor[])(
    '%s: a missing or wrong secret is 401 and stores nothing',
    async (vendor) => {
      const before = await totalReadings();
      for (const headers of wrong[vendor]) {
        const res = await deliver(app(), vendor, payloads[vendor], headers);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ message: errorMessages.webhookUnauthorized });
      }
      // The secret is checked before the body is read: a stranger learns nothing about the format.
      expect((await deliver(app(), vendor, 'not json at all', {})).statusCode).toBe(401);
      expect(await totalReadings()).toBe(before);
      // And the right one passes.
      expect((await deliver(app(), vendor, payloads[vendor], vendorHeaders[vendor])).statusCode).toBe(200);
    },
  );
});

describe('payloads refused', () => {
  it('a malformed payload is a 400 naming the field', async () => {
    const res = await deliver(app(), 'bodytrace', { imei: bodyTraceScale.imei, values: { weight: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { ts: expect.any(String) } });
    expect(res.json().message).toMatch(/^Invalid BodyTrace payload: ts:/);
  });

  it('a value outside the physiological range is 422 and stored by no one; the other readings of a gateway’s array are stored, once', async () => {
    const scale = await pairDevice(db(), p.states, 'Tenovi', 'tv-scale-0099');
    const before = await totalReadings();
    const bp = { ...tenoviArray[0], timestamp: '2026-11-02T15:00:00Z' };
    const heavy = {
      ...tenoviArray[0],
      hwi_device_id: 'tv-scale-0099',
      metric: 'weight',
      value_1: '812',
      value_2: null,
    };
    const res = await deliver(app(), 'tenovi', [bp, heavy]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: errorMessages.readingOutOfRange,
      code: 'UNPROCESSABLE',
      fields: { weight: errorMessages.readingOutOfRange },
      stored: 1,
      duplicates: 0,
    });
    expect(await totalReadings()).toBe(before + 1);
    expect(
      (await readingsOf(db(), p.tenovi)).some((r) => r.takenAt.getTime() === Date.parse(bp.timestamp)),
    ).toBe(true);
    expect((await readingsOf(db(), p.states)).filter((r) => r.deviceId === scale.id)).toEqual([]);
    const again = await deliver(app(), 'tenovi', [bp, heavy]);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ stored: 0, duplicates: 1 });
    expect(await totalReadings()).toBe(before + 1);

    const low = await deliver(app(), 'edevice', { ...eDevice, id: 'edv-low', systolic: 39 });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toEqual({
      message: errorMessages.readingOutOfRange,
      code: 'UNPROCESSABLE',
      fields: { systolic: errorMessages.readingOutOfRange },
    });
    expect(await totalReadings()).toBe(before + 1);
  });

  it('a malformed element of a gateway’s array is a 400 naming it by index; the other elements are stored, once', async () => {
    const before = await totalReadings();
    const bp = { ...tenoviArray[0], timestamp: '2026-11-02T16:30:00Z' };
    const odd = { ...tenoviArray[0], hwi_device_id: 'tv-odd-0001', metric: 'weight', value_1: '183 lbs' };
    const tenovi = await deliver(app(), 'tenovi', [odd, bp]);
    expect(tenovi.statusCode).toBe(400);
    expect(tenovi.json()).toEqual({
      message: 'Invalid Tenovi payload: 0.value_1: Expected a number',
      code: 'VALIDATION',
      fields: { '0.value_1': 'Expected a number' },
      stored: 1,
      duplicates: 0,
    });
    expect(
      (await readingsOf(db(), p.tenovi)).some((r) => r.takenAt.getTime() === Date.parse(bp.timestamp)),
    ).toBe(true);
    const again = await deliver(app(), 'tenovi', [odd, bp]);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ stored: 0, duplicates: 1 });

    const reading = { ...smartMeter, reading_id: 'sm-array-1', date_recorded: '2026-11-02T16:00:00Z' };
    const noZone = { ...reading, reading_id: 'sm-array-2', date_recorded: '2026-11-02 16:00:00' };
    const meter = await deliver(app(), 'smart-meter', [reading, noZone]);
    expect(meter.statusCode).toBe(400);
    expect(meter.json()).toMatchObject({ fields: { '1.date_recorded': 'Expected a date' }, stored: 1 });
    expect(await totalReadings()).toBe(before + 2);

    // An array of malformed elements only stores nothing, as before.
    const none = await deliver(app(), 'tenovi', [odd, { ...odd, value_1: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: 'Invalid Tenovi payload: 0.value_1: Expected a number',
      code: 'VALIDATION',
      fields: { '0.value_1': 'Expected a number' },
    });
    expect(await totalReadings()).toBe(before + 2);
  });

  it('a device that sends only refused readings is still seen, and listed when unknown, but stores nothing', async () => {
    const before = await totalReadings();
    const connected = (await deviceRow(db(), d.cuff)).lastConnectedAt;
    await w.advance(10 * minute);
    // Millimetres of mercury where BodyTrace sends pascals: what a wrong unit looks like.
    const inMmHg = (imei: string) => ({
      imei,
      ts: w.t.clock.now().getTime(),
      batteryVoltage: 5500,
      signalStrength: 71,
      values: { systolic: 120, diastolic: 80, pulse: 70 },
    });
    const res = await deliver(app(), 'bodytrace', inMmHg('490154203237518'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: errorMessages.readingOutOfRange,
      code: 'UNPROCESSABLE',
      fields: { systolic: errorMessages.readingOutOfRange },
    });
    const device = await deviceRow(db(), d.cuff);
    expect(device.lastSeenAt).toEqual(w.t.clock.now());
    expect(device.lastConnectedAt).toEqual(connected);
    expect(device.signal).toBe(71);

    const unknown = await deliver(app(), 'bodytrace', inMmHg('356938035643809'));
    expect(unknown.statusCode).toBe(422);
    // Listed as the blood pressure monitor its refused readings show, for 'Add Device' to prefill.
    expect(await unrecognisedRow(db(), 'BODYTRACE', '356938035643809')).toMatchObject({
      reason: 'unknownDevice',
      count: 1,
      deviceType: 'Blood Pressure Monitor',
    });
    expect(await totalReadings()).toBe(before);
  });

  it('a blood pressure whose diastolic is not below its systolic is 422 from every vendor, and nothing is stored', async () => {
    const before = await totalReadings();
    const refused = {
      message: messages.diastolicNotBelowSystolic,
      code: 'UNPROCESSABLE',
      fields: { diastolic: messages.diastolicNotBelowSystolic },
    };
    const swapped = await deliver(app(), 'pylo', {
      ...pylo,
      id: 'pylo-swapped',
      reading_type: 'blood_pressure',
      systolic: 80,
      diastolic: 120,
      weight_lbs: null,
    });
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json()).toEqual(refused);
    const equal = await deliver(app(), 'edevice', {
      ...eDevice,
      id: 'edv-equal',
      systolic: 90,
      diastolic: 90,
    });
    expect(equal.statusCode).toBe(422);
    expect(equal.json()).toEqual(refused);
    expect(await totalReadings()).toBe(before);
  });

  it('half a blood pressure is 422 naming the missing number, and nothing is stored', async () => {
    const before = await totalReadings();
    const noSystolic = await deliver(app(), 'edevice', { ...eDevice, id: 'edv-half', systolic: null });
    expect(noSystolic.statusCode).toBe(422);
    expect(noSystolic.json()).toEqual({
      message: errorMessages.readingHalfBloodPressure,
      code: 'UNPROCESSABLE',
      fields: { systolic: errorMessages.readingHalfBloodPressure },
    });
    const { diastolic: _, ...noDiastolic } = {
      ...pylo,
      id: 'pylo-half',
      reading_type: 'blood_pressure',
      systolic: 128,
      diastolic: 80,
      weight_lbs: null,
    };
    const res = await deliver(app(), 'pylo', noDiastolic);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ diastolic: errorMessages.readingHalfBloodPressure });
    expect(await totalReadings()).toBe(before);
  });

  it('a reading stamped more than 5 minutes ahead is 422; within 5 minutes it is stored', async () => {
    const now = w.t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const ahead = await deliver(app(), 'pylo', {
      ...pylo,
      id: 'pylo-ahead',
      measured_at: at(5 * minute + 1000),
    });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().message).toBe(errorMessages.readingInFuture);
    const skew = await deliver(app(), 'pylo', { ...pylo, id: 'pylo-skew', measured_at: at(4 * minute) });
    expect(skew.json()).toEqual({ stored: 1, duplicates: 0 });
  });

  it('a reading stamped more than a year ago (a clock that reset) is 422 and stores nothing', async () => {
    const before = await totalReadings();
    const now = w.t.clock.now().getTime();
    const reset = await deliver(app(), 'pylo', {
      ...pylo,
      id: 'pylo-reset-clock',
      measured_at: new Date(now - 366 * 86_400_000).toISOString(),
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().fields).toEqual({ takenAt: errorMessages.readingTooOld });
    expect(await totalReadings()).toBe(before);
  });

  it('text the database cannot store (a NUL, half a surrogate pair) is a 400 naming the field; nothing is stored', async () => {
    const before = await totalReadings();
    const nul = await deliver(app(), 'tenovi', [{ ...tenoviArray[0], device_name: 'Cuff\u0000' }]);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      message: messages.unstorableText,
      code: 'VALIDATION',
      fields: { '0.device_name': messages.unstorableText },
    });
    const broken = await deliver(app(), 'pylo', { ...pylo, id: 'pylo-\ud800' });
    expect(broken.json().fields).toEqual({ id: messages.unstorableText });
    expect(await totalReadings()).toBe(before);
  });
});

describe("a device's own figures too large to keep", () => {
  it('store the reading, and leave the battery and signal as they were', async () => {
    const signalBefore = (await deviceRow(db(), d.scale)).signal;
    const loud = await deliver(app(), 'bodytrace', {
      ...bodyTraceScale,
      ts: bodyTraceScale.ts + 3_600_000,
      signalStrength: 2_147_483_648,
    });
    expect(loud.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await deviceRow(db(), d.scale)).signal).toBe(signalBefore);

    const batteryBefore = (await deviceRow(db(), d.tenovi)).battery;
    const [pressure] = tenoviArray;
    const charged = await deliver(app(), 'tenovi', [
      { ...pressure, timestamp: '2026-11-02T16:00:00Z' },
      { ...pressure, metric: 'battery_percentage', value_1: '99999999999', value_2: null },
    ]);
    expect(charged.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await deviceRow(db(), d.tenovi)).battery).toBe(batteryBefore);
  });
});

describe('deliveries that cannot reach a patient: 202, counted for staff', () => {
  /** The reasons the unrecognised list gives for an identifier. */
  const listedReasons = async (identifier: string) =>
    (await w.as('circleAdmin').get('/api/devices/unrecognised?limit=100'))
      .json()
      .data.devices.filter((d: { identifier: string }) => d.identifier === identifier)
      .map((d: { reason: string }) => d.reason);

  it('an unknown device is logged with a count, its first and last time and its last payload', async () => {
    const unknown = { ...bodyTraceScale, imei: '350000000000006' };
    const first = await deliver(app(), 'bodytrace', unknown);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: unrecognisedReasons.unknownDevice, reason: 'unknownDevice' });
    const firstSeen = w.t.clock.now();
    await w.advance(minute);
    const again = { ...unknown, ts: unknown.ts + 1000 };
    expect((await deliver(app(), 'bodytrace', again)).statusCode).toBe(202);
    expect(await unrecognisedRow(db(), 'BODYTRACE', '350000000000006')).toMatchObject({
      reason: 'unknownDevice',
      count: 2,
      firstSeenAt: firstSeen,
      lastSeenAt: w.t.clock.now(),
      lastPayload: again,
      deviceId: null,
    });
  });

  it('an unknown eDevice is listed with its hub and the type its readings show, which a heartbeat keeps', async () => {
    const bluetoothMA = 'A4:C1:38:77:00:01';
    const listed = async () =>
      (await w.as('circleAdmin').get('/api/devices/unrecognised?limit=100'))
        .json()
        .data.devices.find((u: { identifier: string }) => u.identifier === 'A4C138770001');
    const cuff = { ...eDevice, bluetoothMA, hubSerialNumber: 'hub-77', type: 'bp', id: 'e-77-1' };
    expect((await deliver(app(), 'edevice', cuff)).statusCode).toBe(202);
    expect(await listed()).toMatchObject({
      brand: 'EDEVICE',
      type: 'Blood Pressure Monitor',
      hubSerialNumber: 'HUB-77',
    });
    const { systolic, diastolic, pulse, ...heartbeat } = {
      ...cuff,
      id: 'e-77-2',
      hubSerialNumber: undefined,
    };
    expect((await deliver(app(), 'edevice', heartbeat)).statusCode).toBe(202);
    expect(await listed()).toMatchObject({
      count: 2,
      type: 'Blood Pressure Monitor',
      hubSerialNumber: 'HUB-77',
    });
    // A BodyTrace scale names no hub.
    expect(
      (await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei: '350000000000774' })).statusCode,
    ).toBe(202);
    const scale = (await w.as('circleAdmin').get('/api/devices/unrecognised?limit=100'))
      .json()
      .data.devices.find((u: { identifier: string }) => u.identifier === '350000000000774');
    expect(scale).toMatchObject({ type: 'Scale', hubSerialNumber: null });
  });

  it('an unknown device added to the inventory leaves the list; its next delivery is judged afresh', async () => {
    const imei = '350000000000071';
    expect((await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei })).statusCode).toBe(202);
    const listed = () => listedReasons(imei);
    expect(await listed()).toEqual([unrecognisedReasons.unknownDevice]);
    await addNorthScale(imei);
    expect(await listed()).toEqual([]);
    const next = await deliver(app(), 'bodytrace', {
      ...bodyTraceScale,
      imei,
      ts: bodyTraceScale.ts + 60_000,
    });
    expect(next.json().reason).toBe('unpaired');
    expect(await listed()).toEqual([unrecognisedReasons.unpaired]);
  });

  it('an entry leaves the list when staff sort it out: paired, reconnected, deleted', async () => {
    const imei = '350000000000089';
    const listed = () => listedReasons(imei);
    let ts = bodyTraceScale.ts;
    const next = async () => {
      ts += minute;
      return (await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts })).json();
    };
    const deviceId = await addNorthScale(imei);

    expect((await next()).reason).toBe('unpaired');
    expect(await listed()).toEqual([unrecognisedReasons.unpaired]);
    const paired = await w
      .as('northStaff')
      .post(`/api/bodytrace/connect-device/${p.states}`, { imei, deviceName: 'Scale' });
    expect(paired.statusCode, paired.body).toBe(201);
    expect(await listed()).toEqual([]);
    expect(await next()).toEqual({ stored: 1, duplicates: 0 });

    await w.as('northStaff').put(`/api/bodytrace/disconnect-device/${p.states}`, { imei });
    expect((await next()).reason).toBe('disconnected');
    expect(await listed()).toEqual([unrecognisedReasons.disconnected]);
    await w.as('northStaff').put(`/api/bodytrace/reconnect-device/${p.states}`, { imei });
    expect(await listed()).toEqual([]);

    await w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: deviceId });
    expect((await next()).reason).toBe('deactivated');
    expect(await listed()).toEqual([unrecognisedReasons.deactivated]);
    expect((await w.as('circleAdmin').delete(`/api/devices/${deviceId}`)).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await next()).reason).toBe('unknownDevice');
  });

  it('a disconnected entry leaves the list when the device is removed from the patient or unlinked', async () => {
    const imei = '350000000000105';
    // Each reading is taken after the last change to the device, as the device's pairing then decides.
    const next = async () => {
      w.t.clock.advance(minute);
      const ts = w.t.clock.now().getTime();
      return (await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts })).json();
    };
    const deviceId = await addNorthScale(imei);
    const pairAndDisconnect = async () => {
      const paired = await w
        .as('northStaff')
        .post(`/api/bodytrace/connect-device/${p.states}`, { imei, deviceName: 'Scale' });
      expect(paired.statusCode, paired.body).toBe(201);
      const disconnected = await w
        .as('northStaff')
        .put(`/api/bodytrace/disconnect-device/${p.states}`, { imei });
      expect(disconnected.statusCode, disconnected.body).toBe(200);
      expect((await next()).reason).toBe('disconnected');
      expect(await listedReasons(imei)).toEqual([unrecognisedReasons.disconnected]);
    };

    await pairAndDisconnect();
    const removed = await w.as('northStaff').delete(`/api/bodytrace/remove-device/${p.states}/${imei}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listedReasons(imei)).toEqual([]);

    await pairAndDisconnect();
    const unlinked = await w
      .as('circleAdmin')
      .put('/api/bodytrace/unlink-device', { deviceObjectId: deviceId });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await listedReasons(imei)).toEqual([]);

    expect((await next()).reason).toBe('unpaired');
    expect(await listedReasons(imei)).toEqual([unrecognisedReasons.unpaired]);
  });

  it("a device's entries made under an identifier since corrected leave the list when the device is deleted", async () => {
    const [typed, corrected] = ['350000000000113', '350000000000121'];
    const device = { brand: 'BODYTRACE', type: 'Scale', clinicId: ids.north };
    const added = await w.as('circleAdmin').post('/api/devices', { ...device, serialNumber: typed });
    const deviceId = added.json().data.device._id;
    const delivered = await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei: typed });
    expect(delivered.json().reason).toBe('unpaired');

    const edited = await w
      .as('circleAdmin')
      .put(`/api/devices/${deviceId}`, { ...device, serialNumber: corrected });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await listedReasons(typed)).toEqual([unrecognisedReasons.unpaired]);
    expect((await w.as('circleAdmin').delete(`/api/devices/${deviceId}`)).statusCode).toBe(200);
    expect(await listedReasons(typed)).toEqual([]);
  });

  it('a deactivated device, an unpaired one and a disconnected pairing are each set aside', async () => {
    const before = await totalReadings();
    const cases = [
      ['350000000000014', { device: 'deactivated' }, 'deactivated'],
      ['350000000000022', { pairing: 'none' }, 'unpaired'],
      ['350000000000030', { pairing: 'disabled' }, 'disconnected'],
    ] as const;
    for (const [imei, state, reason] of cases) {
      const device = await pairDevice(db(), p.states, 'BODYTRACE', imei, state);
      const res = await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei });
      expect(res.statusCode).toBe(202);
      expect(res.json().reason).toBe(reason);
      expect(await unrecognisedRow(db(), 'BODYTRACE', imei)).toMatchObject({
        reason,
        count: 1,
        deviceId: device.id,
        clinicId: ids.north,
      });
    }
    expect(await totalReadings()).toBe(before);
  });

  // PGlite runs one statement at a time, so an adding and a delivery cannot overlap there.
  it.runIf(onPostgres)(
    'a delivery from a device being added to the inventory leaves no entry behind it (PostgreSQL only)',
    async () => {
      const imei = '350000000000049';
      // The adding holds its transaction open after it has cleared the list; the delivery arrives inside it.
      const slow = {
        table: 'audit_events',
        operation: 'insert' as const,
        when: "new.action = 'device.created'",
        ms: 400,
      };
      const res = await whileSlowing(db(), slow, async () => {
        const adding = addNorthScale(imei);
        await new Promise((r) => setTimeout(r, 150));
        const delivered = await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei });
        await adding;
        return delivered;
      });
      expect(res.statusCode).toBe(202);
      expect(await unrecognisedRow(db(), 'BODYTRACE', imei)).toBeUndefined();
    },
  );

  // PGlite runs one statement at a time, so a disconnect and a delivery cannot overlap there.
  it.runIf(onPostgres)(
    'a reading that arrives while its device is being disconnected waits, and is set aside (PostgreSQL only)',
    async () => {
      const imei = '350000000000048';
      await pairDevice(db(), p.states, 'BODYTRACE', imei);
      const before = await totalReadings();
      // The disconnect holds its transaction open a moment after its write; the reading arrives inside it.
      const slow = {
        table: 'patient_devices',
        operation: 'update' as const,
        when: "new.status = 'disabled'",
        ms: 400,
      };
      const res = await whileSlowing(db(), slow, async () => {
        const disconnect = w.as('northStaff').put(`/api/bodytrace/disconnect-device/${p.states}`, { imei });
        await new Promise((r) => setTimeout(r, 100));
        // Taken as the disconnect is made: not while the pairing was connected.
        const delivered = await deliver(app(), 'bodytrace', {
          ...bodyTraceScale,
          imei,
          ts: w.t.clock.now().getTime(),
        });
        expect((await disconnect).statusCode).toBe(200);
        return delivered;
      });
      expect(res.statusCode).toBe(202);
      expect(res.json().reason).toBe('disconnected');
      expect(await totalReadings()).toBe(before);
    },
  );

  it('a patient of an inactive clinic: set aside while the clinic is inactive, stored once it is active', async () => {
    await pairDevice(db(), p.south, 'Pylo', '864475040123465');
    const payload = { ...pylo, imei: '864475040123465', id: 'pylo-south' };
    await db().update(clinics).set({ active: false }).where(eq(clinics.id, ids.south));
    try {
      const res = await deliver(app(), 'pylo', payload);
      expect(res.statusCode).toBe(202);
      expect(res.json().reason).toBe('inactiveClinic');
      expect(await readingsOf(db(), p.south)).toEqual([]);
      const listed = await w.as('circleAdmin').get('/api/devices/unrecognised?limit=100');
      expect(listed.json().data.devices).toContainEqual(
        expect.objectContaining({ identifier: payload.imei, reason: unrecognisedReasons.inactiveClinic }),
      );
    } finally {
      const active = await w.as('circleAdmin').put(`/api/clinics/${ids.south}`, { active: true });
      expect(active.statusCode, active.body).toBe(200);
    }
    // Active again, the clinic's entries are sorted out.
    const listed = await w.as('circleAdmin').get('/api/devices/unrecognised?limit=100');
    expect(listed.json().data.devices).not.toContainEqual(
      expect.objectContaining({ reason: unrecognisedReasons.inactiveClinic }),
    );
    expect((await deliver(app(), 'pylo', payload)).json()).toEqual({ stored: 1, duplicates: 0 });
  });

  it.runIf(onPostgres)(
    'a reading that arrives while its clinic is being deactivated is set aside once the deactivation commits',
    async () => {
      await pairDevice(db(), p.south, 'Pylo', '864475040123473');
      const payload = { ...pylo, imei: '864475040123473', id: 'pylo-south-deactivating' };
      const before = await readingsOf(db(), p.south);
      const slow = { table: 'clinics', operation: 'update' as const, when: 'not new.active', ms: 400 };
      try {
        const res = await whileSlowing(db(), slow, async () => {
          const deactivate = w.as('circleAdmin').put(`/api/clinics/${ids.south}`, { active: false });
          await new Promise((r) => setTimeout(r, 100));
          const delivered = await deliver(app(), 'pylo', payload);
          expect((await deactivate).statusCode).toBe(200);
          return delivered;
        });
        expect(res.statusCode).toBe(202);
        expect(res.json().reason).toBe('inactiveClinic');
        expect(await readingsOf(db(), p.south)).toEqual(before);
      } finally {
        await db().update(clinics).set({ active: true }).where(eq(clinics.id, ids.south));
      }
    },
  );
});

describe('a device moved from one patient to another (decision 0009, "A reading from an earlier pairing")', () => {
  const day = 24 * 60 * minute;

  it("a reading taken while the first patient held it is theirs, synced after the move; a later one is the new patient's", async () => {
    const first = await addPatient(w, 'northStaff', patientBody());
    const second = await addPatient(w, 'northStaff', patientBody());
    const imei = '350000000000055';
    await pairDevice(db(), first, 'BODYTRACE', imei);
    const removed = await w.as('northStaff').delete(`/api/bodytrace/remove-device/${first}/${imei}`);
    expect(removed.statusCode, removed.body).toBe(200);
    w.t.clock.advance(minute);
    const paired = await w.as('northStaff').post(`/api/bodytrace/connect-device/${second}`, { imei });
    expect(paired.statusCode, paired.body).toBe(201);

    const takenBefore = w.t.clock.now().getTime() - day;
    const late = await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts: takenBefore });
    expect(late.statusCode, late.body).toBe(200);
    expect((await readingsOf(db(), first)).map((r) => r.takenAt)).toEqual([new Date(takenBefore)]);
    expect(await readingsOf(db(), second)).toEqual([]);

    w.t.clock.advance(minute);
    const takenAfter = w.t.clock.now().getTime();
    const fresh = await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts: takenAfter });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await readingsOf(db(), second)).map((r) => r.takenAt)).toEqual([new Date(takenAfter)]);
    expect(await readingsOf(db(), first)).toHaveLength(1);
  });

  it('a removed device still stores what it took while paired; what it took after is set aside', async () => {
    const patient = await addPatient(w, 'northStaff', patientBody());
    const imei = '350000000000063';
    await pairDevice(db(), patient, 'BODYTRACE', imei);
    const removed = await w.as('northStaff').delete(`/api/bodytrace/remove-device/${patient}/${imei}`);
    expect(removed.statusCode, removed.body).toBe(200);
    w.t.clock.advance(minute);

    const takenWhilePaired = w.t.clock.now().getTime() - day;
    const both = [takenWhilePaired, w.t.clock.now().getTime()];
    const answers = [];
    for (const ts of both) answers.push(await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 202]);
    expect(answers[1]!.json().reason).toBe('unpaired');
    expect((await readingsOf(db(), patient)).map((r) => r.takenAt)).toEqual([new Date(takenWhilePaired)]);
    expect(await unrecognisedRow(db(), 'BODYTRACE', imei)).toMatchObject({ reason: 'unpaired', count: 1 });
    // Seen by the reading it delivered, though no patient holds it now.
    const device = (await unrecognisedRow(db(), 'BODYTRACE', imei))!.deviceId!;
    await w.advance(minute);
    const late = await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts: takenWhilePaired + 1000 });
    expect(late.statusCode, late.body).toBe(200);
    expect((await deviceRow(db(), device)).lastConnectedAt).toEqual(w.t.clock.now());
  });

  it("a device deleted from the inventory and added again still gives its earlier patient's late readings to them", async () => {
    const [first, second] = [
      await addPatient(w, 'northStaff', patientBody()),
      await addPatient(w, 'northStaff', patientBody()),
    ];
    const imei = '350000000000139';
    const old = await pairDevice(db(), first, 'BODYTRACE', imei);
    const takenByFirst = w.t.clock.now().getTime() - day;
    await w.as('northStaff').put(`/api/bodytrace/disconnect-device/${first}`, { imei });
    expect((await w.as('circleAdmin').delete(`/api/devices/${old.id}`)).statusCode).toBe(200);
    w.t.clock.advance(minute);
    await addNorthScale(imei);
    const paired = await w.as('northStaff').post(`/api/bodytrace/connect-device/${second}`, { imei });
    expect(paired.statusCode, paired.body).toBe(201);
    w.t.clock.advance(minute);

    const inStock = w.t.clock.now().getTime() - 90_000;
    const answers = [];
    for (const ts of [takenByFirst, inStock, w.t.clock.now().getTime()]) {
      answers.push(await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts }));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 202, 200]);
    // Taken while the device was in stock between its two rows' patients: nobody's.
    expect(answers[1]!.json().reason).toBe('beforePairing');
    expect((await readingsOf(db(), first)).map((r) => r.takenAt)).toEqual([new Date(takenByFirst)]);
    expect((await readingsOf(db(), second)).map((r) => r.takenAt)).toEqual([w.t.clock.now()]);
  });

  it('a device deleted from the inventory still gives its earlier patient what it took while theirs', async () => {
    const patient = await addPatient(w, 'northStaff', patientBody());
    const imei = '350000000000147';
    const device = await pairDevice(db(), patient, 'BODYTRACE', imei);
    const takenWhilePaired = w.t.clock.now().getTime() - day;
    const removed = await w.as('northStaff').delete(`/api/bodytrace/remove-device/${patient}/${imei}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await w.as('circleAdmin').delete(`/api/devices/${device.id}`)).statusCode).toBe(200);
    w.t.clock.advance(minute);

    const answers = [];
    for (const ts of [takenWhilePaired, w.t.clock.now().getTime()]) {
      answers.push(await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts }));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 202]);
    expect(answers[1]!.json().reason).toBe('unknownDevice');
    expect((await readingsOf(db(), patient)).map((r) => [r.takenAt, r.deviceId])).toEqual([
      [new Date(takenWhilePaired), device.id],
    ]);
    // Its deleted row is left as it was; listed as a device the inventory does not hold, to be added again.
    expect((await deviceRow(db(), device.id)).lastConnectedAt).toBeNull();
    expect(await unrecognisedRow(db(), 'BODYTRACE', imei)).toMatchObject({
      reason: 'unknownDevice',
      deviceId: null,
      clinicId: null,
      count: 1,
    });
  });

  it.each([
    {
      reason: 'disconnected',
      imei: '350000000000097',
      turnOff: (patient: string, imei: string) =>
        w.as('northStaff').put(`/api/bodytrace/disconnect-device/${patient}`, { imei }),
    },
    {
      reason: 'deactivated',
      imei: '350000000000098',
      turnOff: (_patient: string, _imei: string, deviceId: string) =>
        w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: deviceId }),
    },
  ])(
    'a $reason device still stores what it took while connected, for its patient; nothing after',
    async ({ reason, imei, turnOff }) => {
      const patient = await addPatient(w, 'northStaff', patientBody());
      const device = await pairDevice(db(), patient, 'BODYTRACE', imei);
      await w.advance(minute);
      const takenWhileConnected = w.t.clock.now().getTime();
      await w.advance(minute);
      const off = await turnOff(patient, imei, device.id);
      expect(off.statusCode, off.body).toBe(200);
      await w.advance(minute);
      const answers = [];
      for (const ts of [takenWhileConnected, w.t.clock.now().getTime()]) {
        answers.push(await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts }));
      }
      expect(answers.map((r) => r.statusCode)).toEqual([200, 202]);
      expect(answers[1]!.json().reason).toBe(reason);
      expect((await readingsOf(db(), patient)).map((r) => r.takenAt)).toEqual([
        new Date(takenWhileConnected),
      ]);
      expect((await deviceRow(db(), device.id)).lastConnectedAt).toEqual(w.t.clock.now());
      expect(await unrecognisedRow(db(), 'BODYTRACE', imei)).toMatchObject({ reason, count: 1 });
    },
  );

  it("what the device took while disconnected, in stock between two patients or before its first, is nobody's", async () => {
    const first = await addPatient(w, 'northStaff', patientBody());
    const second = await addPatient(w, 'northStaff', patientBody());
    const imei = '350000000000089';
    await pairDevice(db(), first, 'BODYTRACE', imei);
    const beforeAnyPairing = new Date('2026-09-30T12:00:00Z').getTime();
    const whileHeld = w.t.clock.now().getTime() - 3 * day;
    const off = await w.as('northStaff').put(`/api/bodytrace/disconnect-device/${first}`, { imei });
    expect(off.statusCode, off.body).toBe(200);
    const disconnectedAt = w.t.clock.now().getTime();
    await w.advance(10 * minute);
    const removed = await w.as('northStaff').delete(`/api/bodytrace/remove-device/${first}/${imei}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await w.advance(10 * minute);
    const inStock = w.t.clock.now().getTime();
    await w.advance(10 * minute);
    const paired = await w.as('northStaff').post(`/api/bodytrace/connect-device/${second}`, { imei });
    expect(paired.statusCode, paired.body).toBe(201);

    // The device is the second patient's now: the entries say when the readings were taken.
    const cases = [
      [whileHeld, 200],
      [disconnectedAt + minute, 202, 'beforePairing'],
      [inStock, 202, 'beforePairing'],
      [beforeAnyPairing, 202, 'beforePairing'],
      [w.t.clock.now().getTime(), 200],
    ] as const;
    for (const [ts, status, reason] of cases) {
      const res = await deliver(app(), 'bodytrace', { ...bodyTraceScale, imei, ts });
      expect(res.statusCode, `${new Date(ts).toISOString()}: ${res.body}`).toBe(status);
      if (reason) expect(res.json().reason).toBe(reason);
    }
    expect((await readingsOf(db(), first)).map((r) => r.takenAt.getTime())).toEqual([whileHeld]);
    expect((await readingsOf(db(), second)).map((r) => r.takenAt.getTime())).toEqual([cases[4][0]]);
  });
});

describe('Withings notifications', () => {
  it('answers the HEAD check with 200', async () => {
    const res = await app().inject({ method: 'HEAD', url: '/api/webhooks/withings' });
    expect(res.statusCode).toBe(200);
  });

  it('counts an unknown Withings user and still answers 200, so Withings does not retry for hours', async () => {
    const form = 'userid=424242&appli=1&startdate=1793600000&enddate=1793600100';
    const res = await notifyWithings(form);
    expect(res.statusCode).toBe(200);
    expect(await unrecognisedRow(db(), 'WITHINGS', '424242')).toMatchObject({
      reason: 'unknownWithingsUser',
      count: 1,
      lastPayload: { userid: '424242', appli: '1', startdate: '1793600000', enddate: '1793600100' },
    });
  });

  it('takes WITHINGS_NOTIFICATIONS_PER_MINUTE notifications a minute from one address, then answers 429', async () => {
    const limited = await createTestApp({ env: { WITHINGS_NOTIFICATIONS_PER_MINUTE: '3' } });
    try {
      const from = (remoteAddress: string, userid: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/webhooks/withings',
          payload: `userid=${userid}&startdate=1&enddate=2`,
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      // A refused notification counts too: the limit comes before the form is read.
      expect((await from('203.0.113.7', '')).statusCode).toBe(400);
      for (const userid of ['flood-1', 'flood-2']) {
        expect((await from('203.0.113.7', userid)).statusCode).toBe(200);
      }
      const flood = await from('203.0.113.7', 'flood-3');
      expect(flood.statusCode).toBe(429);
      expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
      const listed = async (userid: string) =>
        unrecognisedRow(limited.app.vigil.database.db, 'WITHINGS', userid);
      expect(await listed('flood-3')).toBeUndefined();
      // Another address is not held back.
      expect((await from('203.0.113.8', 'flood-4')).statusCode).toBe(200);
      expect(await listed('flood-4')).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it.each([
    ['userid=424242&appli=1&startdate=&enddate=1793600100', 'startdate', 'Expected Unix seconds'],
    ['userid=424242&appli=1&startdate=abc&enddate=1793600100', 'startdate', 'Expected Unix seconds'],
    ['userid=424242&appli=1&startdate=1793600000&enddate=-5', 'enddate', 'Expected Unix seconds'],
    ['userid=424242&appli=x&startdate=1793600000&enddate=1793600100', 'appli', 'Expected a whole number'],
    ['userid=%20&appli=1&startdate=1793600000&enddate=1793600100', 'userid', 'Required'],
    [
      `userid=${'9'.repeat(65)}&appli=1&startdate=1793600000&enddate=1793600100`,
      'userid',
      'Must be 64 characters or fewer',
    ],
    [
      'userid=424242&appli=1&startdate=1793600100&enddate=1793600000',
      'startdate',
      'Must not be after enddate',
    ],
  ])('refuses %s with 400 naming %s: %s, and queues nothing', async (form, field, message) => {
    const before = await unrecognisedRow(db(), 'WITHINGS', '424242');
    const res = await notifyWithings(form);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: message });
    expect(await unrecognisedRow(db(), 'WITHINGS', '424242')).toEqual(before);
  });

  it('refuses a notification without a user id with 400', async () => {
    const res = await notifyWithings('appli=1&startdate=1&enddate=2');
    expect(res.statusCode).toBe(400);
  });
});

describe('the vendor fakes, outside production', () => {
  it('are mounted under /api/dev/vendors, without a session, checking secrets as the vendors do', async () => {
    const token = await app().inject({
      method: 'GET',
      url: '/api/dev/vendors/smart-meter/api/token',
      headers: { 'x-api-key': vendorHeaders['smart-meter']['x-api-key']! },
    });
    expect(token.statusCode).toBe(200);
    expect(token.json().token).toMatch(/^[0-9a-f]{40}$/);
    const refused = await app().inject({ method: 'GET', url: '/api/dev/vendors/smart-meter/api/token' });
    expect(refused.statusCode).toBe(401);
    const stored = await app().inject({
      method: 'POST',
      url: '/api/dev/vendors/withings/measures',
      payload: { userid: 77, measuregrps: [{ grpid: 1, date: 1793600000, measures: [] }] },
    });
    expect(stored.json()).toEqual({ userid: '77', stored: 1 });
    const getmeas = await app().inject({
      method: 'POST',
      url: '/api/dev/vendors/withings/measure',
      payload: 'action=getmeas',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer nope' },
    });
    expect(getmeas.json()).toMatchObject({ status: 401 });
  });
});

// Last: its 6,000 rows would crowd the unrecognised list the tests above read.
describe('a large array from devices that cannot reach a patient', () => {
  it('an array from 6,000 unknown devices is logged once each, with its own measurement, and costs the paired device nothing', async () => {
    const at = new Date(w.t.clock.now().getTime() - minute).toISOString();
    const paired = {
      metric: 'blood_pressure',
      value_1: '131',
      value_2: '83',
      hwi_device_id: tenoviArray[0]!.hwi_device_id,
      timestamp: at,
    };
    // About 600 KB, under the body limit; 6,000 entries of 11 values each were more than PostgreSQL's
    // 65,535 parameters of one statement when each value was one.
    const many = Array.from({ length: 6000 }, (_, n) => ({
      metric: 'pulse',
      value_1: 60,
      hwi_device_id: `TNV-MANY-${n}`,
      timestamp: at,
    }));
    const res = await deliver(app(), 'tenovi', [paired, ...many]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await unrecognisedRow(db(), 'TENOVI', 'TNV-MANY-5999')).toMatchObject({
      reason: 'unknownDevice',
      count: 1,
      lastPayload: [many[5999]],
    });
    expect((await readingsOf(db(), p.tenovi)).filter((r) => r.takenAt.toISOString() === at)).toMatchObject([
      { systolic: 131, diastolic: 83 },
    ]);
  });
});
