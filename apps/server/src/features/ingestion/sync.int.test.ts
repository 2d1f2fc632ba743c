import { errorMessages, toasts } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, patientDevices } from '../../db/schema/index.js';
import { encryptToken, tokenKeyMismatch } from '../../integrations/vendors/token-cipher.js';
import { settleWithingsNotification } from '../../jobs/withings-notification.job.js';
import {
  createVendorWorld,
  deviceRow,
  pairDevice,
  readingsOf,
  startFakeVendors,
  unrecognisedRow,
} from './ingestion-fixtures.js';
import { storedTokensOpen, withingsAccessToken } from './withings-devices.service.js';

let fake: Awaited<ReturnType<typeof startFakeVendors>>;
let w: Awaited<ReturnType<typeof createVendorWorld>>;
let patientId = '';
let userId = '';
const day = 86_400_000;
const meterImei = '359876543210012';

const seconds = (ms: number) => Math.floor(ms / 1000);

beforeAll(async () => {
  fake = await startFakeVendors();
  w = await createVendorWorld({
    WITHINGS_API_URL: fake.withingsUrl,
    SMART_METER_API_URL: fake.smartMeterUrl,
  });
  patientId = await w.addPatient('Sync');
  const scale = await pairDevice(w.db, patientId, 'Withings', '0024E4AABB01', { type: 'Scale' });
  userId = await w.activate(scale);
  await pairDevice(w.db, patientId, 'Smart Meter', meterImei);

  const now = w.t.clock.now().getTime();
  // Twelve weights over the last 24 days, one entered by hand, and one older than the 30 days a sync pulls.
  const groups = Array.from({ length: 12 }, (_, i) => ({
    grpid: 7000 + i,
    attrib: 0,
    date: seconds(now - (2 * i + 1) * day),
    category: 1,
    measures: [{ value: 80000 + i * 100, type: 1, unit: -3 }],
  }));
  groups.push({ ...groups[0]!, grpid: 7100, attrib: 2, date: seconds(now - 3 * 3_600_000) });
  groups.push({ ...groups[0]!, grpid: 7101, date: seconds(now - 40 * day) });
  await fake.addWithingsGroups(userId, groups);
  const reading = (id: string, imei: string, daysAgo: number) => ({
    reading_id: id,
    device_id: imei,
    patient_id: 'SM-1',
    date_recorded: new Date(now - daysAgo * day).toISOString(),
    reading_type: 'blood_pressure',
    systolic_mmhg: 128,
    diastolic_mmhg: 82,
    pulse_bpm: 70,
    weight_lbs: null,
    is_flagged: false,
  });
  await fake.addSmartMeterReadings([
    reading('sm-1', meterImei, 1),
    reading('sm-2', meterImei, 5),
    reading('sm-3', meterImei, 29),
    reading('sm-other', '359876543210020', 1),
    reading('sm-old', meterImei, 35),
  ]);
});
afterAll(async () => {
  await w.close();
  await fake.close().catch(() => undefined);
});

/**
 * A Smart Meter scale paired 5 days ago with a new patient, after an earlier patient had it from 25 to 10
 * days ago; `weight` is a reading of it in the vendor's format, taken `daysAgo`.
 */
async function movedMeter(imei: string) {
  const earlier = await w.addPatient('Earlier');
  const later = await w.addPatient('Later');
  const device = await pairDevice(w.db, later, 'Smart Meter', imei);
  const now = w.t.clock.now().getTime();
  await w.db
    .update(patientDevices)
    .set({ pairedAt: new Date(now - 5 * day) })
    .where(eq(patientDevices.deviceId, device.id));
  await w.db.insert(patientDevices).values({
    clinicId: device.clinicId!,
    patientId: earlier,
    deviceId: device.id,
    status: 'active',
    pairedAt: new Date(now - 25 * day),
    deletedAt: new Date(now - 10 * day),
  });
  const weight = (id: string, daysAgo: number) => ({
    reading_id: id,
    device_id: imei,
    date_recorded: new Date(now - daysAgo * day).toISOString(),
    reading_type: 'weight',
    weight_lbs: 181.2,
  });
  return { earlier, later, weight };
}

/** Runs `body` with the patient's Withings device's tokens changed, and puts them back after. */
async function withWithingsTokens(changes: Partial<typeof devices.$inferInsert>, body: () => Promise<void>) {
  const [withings] = await w.db.select().from(devices).where(eq(devices.vendorUserId, userId));
  await w.db.update(devices).set(changes).where(eq(devices.id, withings!.id));
  try {
    await body();
  } finally {
    const { vendorAccessToken, vendorRefreshToken, vendorTokenExpiresAt } = withings!;
    await w.db
      .update(devices)
      .set({ vendorAccessToken, vendorRefreshToken, vendorTokenExpiresAt })
      .where(eq(devices.id, withings!.id));
  }
}

describe('GET /pacients/{id}/sync', () => {
  it("pulls the last 30 days of the patient's Withings and Smart Meter devices, and counts what was new", async () => {
    const res = await w.east.get(`/api/pacients/${patientId}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: toasts.readingsSynced,
      newReadings: 15,
      refused: 0,
      unreachable: [],
    });
    const stored = await readingsOf(w.db, patientId);
    expect(stored.filter((r) => r.source === 'WITHINGS').map((r) => r.vendorReadingId)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(7011 - i)),
    );
    expect(stored.filter((r) => r.source === 'SMART_METER').map((r) => r.vendorReadingId)).toEqual([
      'sm-3',
      'sm-2',
      'sm-1',
    ]);
    // 80000 x 10^-3 kg = 176.37 lbs
    expect(stored.find((r) => r.vendorReadingId === '7000')?.weightLbs).toBe(176.37);
    // Each device was last seen when it took its latest reading, a day ago, not when the sync pulled it.
    for (const source of ['WITHINGS', 'SMART_METER']) {
      const last = stored.filter((r) => r.source === source).at(-1)!;
      const device = await deviceRow(w.db, last.deviceId!);
      expect(device.lastSeenAt).toEqual(last.takenAt);
      expect(device.lastConnectedAt).toEqual(last.takenAt);
    }
  });

  it('a second sync finds nothing new', async () => {
    const res = await w.east.get(`/api/pacients/${patientId}/sync`);
    expect(res.json()).toEqual({
      message: toasts.readingsSynced,
      newReadings: 0,
      refused: 0,
      unreachable: [],
    });
  });

  it('skips a reading its vendor sent malformed and stores the rest, on the next sync too', async () => {
    const now = w.t.clock.now().getTime();
    const group = {
      grpid: 7200,
      attrib: 0,
      date: seconds(now - 2 * day),
      category: 1,
      measures: [{ value: 81000, type: 1, unit: -3 }],
    };
    await fake.addWithingsGroups(userId, [group, { ...group, grpid: 7201, deviceid: 12345 }]);
    const reading = {
      reading_id: 'sm-4',
      device_id: meterImei,
      date_recorded: new Date(now - 2 * day).toISOString(),
      reading_type: 'blood_pressure',
      systolic_mmhg: 133,
      diastolic_mmhg: 77,
      pulse_bpm: 61,
    };
    await fake.addSmartMeterReadings([
      { ...reading, reading_id: 'sm-no-zone', date_recorded: '2026-11-28 12:44:00' },
      reading,
    ]);
    // The reading without its zone is refused, and said so, at every sync.
    for (const newReadings of [2, 0]) {
      const res = await w.east.get(`/api/pacients/${patientId}/sync`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        message: toasts.readingsSynced,
        newReadings,
        refused: 1,
        unreachable: [],
      });
    }
    const ids = (await readingsOf(w.db, patientId)).map((r) => r.vendorReadingId);
    expect(ids).toEqual(expect.arrayContaining(['7200', 'sm-4']));
    expect(ids).not.toContain('7201');
    expect(ids).not.toContain('sm-no-zone');
  });

  it("counts only the readings stored on this patient, not a late one of the device's earlier patient", async () => {
    const { earlier, later, weight } = await movedMeter('359876543210038');
    await fake.addSmartMeterReadings([weight('sm-earlier', 15), weight('sm-later', 2)]);

    const res = await w.east.get(`/api/pacients/${later}/sync`);
    expect(res.json()).toEqual({
      message: toasts.readingsSynced,
      newReadings: 1,
      refused: 0,
      unreachable: [],
    });
    expect((await readingsOf(w.db, later)).map((r) => r.vendorReadingId)).toEqual(['sm-later']);
    expect((await readingsOf(w.db, earlier)).map((r) => r.vendorReadingId)).toEqual(['sm-earlier']);
  });

  it("does not list the device's readings from before its pairing as unrecognised, at every sync", async () => {
    const imei = '359876543210046';
    const { earlier, later, weight } = await movedMeter(imei);
    // Taken while the device was in stock between its two patients: nobody's.
    await fake.addSmartMeterReadings([weight('sm-in-stock', 7)]);

    for (let i = 0; i < 2; i++) {
      const res = await w.east.get(`/api/pacients/${later}/sync`);
      expect(res.json()).toEqual({
        message: toasts.readingsSynced,
        newReadings: 0,
        refused: 0,
        unreachable: [],
      });
    }
    expect(await readingsOf(w.db, later)).toEqual([]);
    expect(await readingsOf(w.db, earlier)).toEqual([]);
    expect(await unrecognisedRow(w.db, 'SMART_METER', imei)).toBeUndefined();
  });

  it('refreshes an expired token once for syncs that run at once', async () => {
    const expired = new Date(w.t.clock.now().getTime() - 3_600_000);
    await w.db.update(devices).set({ vendorTokenExpiresAt: expired }).where(eq(devices.vendorUserId, userId));
    const [before] = await w.db.select().from(devices).where(eq(devices.vendorUserId, userId));
    const answers = await Promise.all([1, 2, 3].map(() => w.east.get(`/api/pacients/${patientId}/sync`)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const [after] = await w.db.select().from(devices).where(eq(devices.vendorUserId, userId));
    expect(after!.vendorTokenExpiresAt!.getTime()).toBeGreaterThan(w.t.clock.now().getTime());
    // A pull that read the device before that refresh (or in another server process) uses what it stored.
    const token = await withingsAccessToken(w.withingsDeps, w.db, before!);
    expect(token).toBe(await withingsAccessToken(w.withingsDeps, w.db, after!));
  });

  it('is 404 for a patient of another clinic', async () => {
    expect((await w.west.get(`/api/pacients/${patientId}/sync`)).statusCode).toBe(404);
  });

  it("syncs the other vendor's devices when one vendor fails, and names the one that failed", async () => {
    // A refresh token Withings no longer takes (revoked), with the access token expired.
    const key = w.t.app.vigil.config.vendors.tokenKey!;
    const revoked = {
      vendorRefreshToken: encryptToken(key, 'revoked'),
      vendorTokenExpiresAt: new Date(w.t.clock.now().getTime() - 3_600_000),
    };
    await withWithingsTokens(revoked, async () => {
      await fake.addSmartMeterReadings([
        {
          reading_id: 'sm-after-withings',
          device_id: meterImei,
          date_recorded: new Date(w.t.clock.now().getTime() - 60_000).toISOString(),
          reading_type: 'weight',
          weight_lbs: 153.1,
        },
      ]);
      const res = await w.east.get(`/api/pacients/${patientId}/sync`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        message: toasts.readingsSynced,
        newReadings: 1,
        refused: 0,
        unreachable: ['Withings'],
      });
      expect((await readingsOf(w.db, patientId)).map((r) => r.vendorReadingId)).toContain(
        'sm-after-withings',
      );
    });
  });

  it('takes tokens a changed DEVICE_TOKEN_KEY cannot open for Withings out of reach, and says so at start', async () => {
    const vendors = w.t.app.vigil.config.vendors;
    expect(await storedTokensOpen(vendors, w.db)).toBe(true);
    const otherKey = Buffer.alloc(32, 7);
    const unreadable = {
      vendorAccessToken: encryptToken(otherKey, 'access'),
      vendorRefreshToken: encryptToken(otherKey, 'refresh'),
    };
    await withWithingsTokens(unreadable, async () => {
      expect(await storedTokensOpen(vendors, w.db)).toBe(false);
      const res = await w.east.get(`/api/pacients/${patientId}/sync`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ unreachable: ['Withings'] });
      w.pullLog.length = 0;
      const now = Math.floor(w.t.clock.now().getTime() / 1000);
      const settled = await settleWithingsNotification(
        { pulls: w.pulls, log: { warn: (entry, message) => w.pullLog.push({ entry, message }) } },
        {
          id: 'job-1',
          data: { userid: userId, appli: 1, startdate: now - 3600, enddate: now },
          retryCount: 2,
        },
      );
      expect(settled).toMatchObject({ id: 'job-1', status: 'failed' });
      expect(w.pullLog).toEqual([
        {
          entry: { detail: tokenKeyMismatch, retried: 2 },
          message: 'Withings notification could not be pulled',
        },
      ]);
    });
  });

  it('answers 502 with the product message when a vendor cannot be reached', async () => {
    await fake.close();
    const res = await w.east.get(`/api/pacients/${patientId}/sync`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: errorMessages.vendorUnavailable, code: 'UPSTREAM_FAILED' });
  });
});
