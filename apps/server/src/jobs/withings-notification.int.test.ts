import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../db/schema/index.js';
import {
  createVendorWorld,
  deviceRow,
  pairDevice,
  readingsOf,
  startFakeVendors,
  unrecognisedRow,
} from '../features/ingestion/ingestion-fixtures.js';
import { activateWithingsDevice } from '../features/ingestion/withings-devices.service.js';
import { fakeWithingsUserId } from '../integrations/vendors/fake-vendors.js';
import { decryptToken, encryptToken } from '../integrations/vendors/token-cipher.js';
import { waitFor } from '../test/wait-for.js';
import { handleWithingsNotification, withingsNotificationQueue } from './withings-notification.job.js';

let fake: Awaited<ReturnType<typeof startFakeVendors>>;
let w: Awaited<ReturnType<typeof createVendorWorld>>;
let patientId = '';
let deviceId = '';
let userId = '';
const hour = 3_600_000;
const mac = '0024E400000A';
const seconds = (ms: number) => Math.floor(ms / 1000);
const key = () => w.t.app.vigil.config.vendors.tokenKey!;

/** A blood pressure group as getmeas answers it, `hoursAgo` before the test clock. */
const bpGroup = (grpid: number, hoursAgo: number, attrib = 0) => ({
  grpid,
  attrib,
  date: seconds(w.t.clock.now().getTime() - hoursAgo * hour),
  category: 1,
  measures: [
    { value: 1250, type: 10, unit: -1 },
    { value: 81, type: 9, unit: 0 },
    { value: 66, type: 11, unit: 0 },
  ],
});

beforeAll(async () => {
  fake = await startFakeVendors();
  w = await createVendorWorld(
    { WITHINGS_API_URL: fake.withingsUrl, SMART_METER_API_URL: fake.smartMeterUrl },
    { jobs: true },
  );
  patientId = await w.addPatient('Withings');
  deviceId = (await pairDevice(w.db, patientId, 'Withings', mac, { type: 'Blood Pressure Monitor' })).id;
});
afterAll(async () => {
  await w.close();
  await fake.close();
});

describe('Withings activation', () => {
  it('refuses, and stores nothing, when Withings does not accept the signature', async () => {
    const vendors = w.withingsDeps.vendors;
    const wrong = { ...vendors, withings: { ...vendors.withings, clientSecret: 'not-the-secret' } };
    const device = { id: deviceId, serialNumber: mac };
    await expect(activateWithingsDevice({ ...w.withingsDeps, vendors: wrong }, device)).rejects.toMatchObject(
      { code: 'UPSTREAM_FAILED' },
    );
    expect((await deviceRow(w.db, deviceId)).vendorUserId).toBeNull();
  });

  it('ties the MAC address to a Withings user and stores its tokens encrypted', async () => {
    // Notified before its device was activated, the user waits in the unrecognised list until then.
    const notified = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/withings',
      payload: `userid=${fakeWithingsUserId('00:24:e4:00:00:0a')}&appli=4&startdate=1&enddate=2`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notified.json()).toEqual({ queued: false });
    expect(await unrecognisedRow(w.db, 'WITHINGS', fakeWithingsUserId('00:24:e4:00:00:0a'))).toMatchObject({
      reason: 'unknownWithingsUser',
    });
    userId = await w.activate({ id: deviceId, serialNumber: mac });
    expect(userId).toBe(fakeWithingsUserId('00:24:e4:00:00:0a'));
    expect(await unrecognisedRow(w.db, 'WITHINGS', userId)).toBeUndefined();
    const row = await deviceRow(w.db, deviceId);
    expect(row.vendorUserId).toBe(userId);
    expect(row.vendorTokenExpiresAt).toEqual(new Date(w.t.clock.now().getTime() + 3 * hour));
    for (const stored of [row.vendorAccessToken!, row.vendorRefreshToken!]) {
      const plain = decryptToken(key(), stored);
      expect(plain.length).toBeGreaterThanOrEqual(20);
      expect(stored).not.toContain(plain);
      expect(stored).toMatch(/^v1\./);
    }
    expect(decryptToken(key(), row.vendorAccessToken!)).not.toBe(
      decryptToken(key(), row.vendorRefreshToken!),
    );
  });
});

describe('a Withings notification', () => {
  it('is queued, and the job pages through getmeas and stores every group but those entered by hand', async () => {
    // 23 groups: three pages of the fake's ten; two more entered by hand (attrib 2 and 4).
    const groups = Array.from({ length: 23 }, (_, i) => bpGroup(9000 + i, 24 - i));
    groups.push(bpGroup(9100, 2, 2), bpGroup(9101, 1, 4));
    await fake.addWithingsGroups(userId, groups);
    const now = seconds(w.t.clock.now().getTime());
    const form = `userid=${userId}&appli=4&startdate=${now - 25 * 3600}&enddate=${now}`;
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/withings',
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: true });
    await waitFor(async () => (await readingsOf(w.db, patientId)).length >= 23);
    const stored = await readingsOf(w.db, patientId);
    expect(stored.map((r) => r.vendorReadingId)).toEqual(groups.slice(0, 23).map((g) => String(g.grpid)));
    // 1250 x 10^-1 = 125 mmHg
    expect(stored[0]).toMatchObject({
      source: 'WITHINGS',
      systolic: 125,
      diastolic: 81,
      heartRate: 66,
      deviceId,
    });
    // Seen when it took its latest reading (two hours ago), not when the job pulled it.
    const device = await deviceRow(w.db, deviceId);
    expect(device.lastConnectedAt).toEqual(stored.at(-1)!.takenAt);
    expect(device.lastConnectedAt!.getTime()).toBe(w.t.clock.now().getTime() - 2 * hour);
  });

  it('that says a measure or the link went away is answered 200 and not pulled, with its dates or without', async () => {
    const notify = (form: string) =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/webhooks/withings',
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const now = seconds(w.t.clock.now().getTime());
    for (const form of [
      `userid=${userId}&appli=46&action=unlink`,
      `userid=${userId}&appli=4&action=delete&startdate=${now - 60}&enddate=${now}`,
      `userid=${userId}&appli=4&action=delete&startdate=${now}&enddate=${now - 60}`,
      `userid=${userId}&appli=46&action=unlink&startdate=abc`,
    ]) {
      const res = await notify(form);
      expect(res.statusCode, form).toBe(200);
      expect(res.json()).toEqual({ queued: false });
    }
    // Any other notification still needs its range.
    const undated = await notify(`userid=${userId}&appli=4`);
    expect(undated.statusCode).toBe(400);
    expect(undated.json().fields).toEqual({
      startdate: 'Expected Unix seconds',
      enddate: 'Expected Unix seconds',
    });
  });

  it('works a backlog together, each settled alone: one that cannot be pulled is retried, the others are stored', async () => {
    // A second user whose tokens Withings no longer accepts: their pull fails at the refresh.
    const otherMac = '0024E400000B';
    const otherPatient = await w.addPatient('Withings');
    const other = await pairDevice(w.db, otherPatient, 'Withings', otherMac, {
      type: 'Blood Pressure Monitor',
    });
    const otherUser = await w.activate({ id: other.id, serialNumber: otherMac });
    await w.db
      .update(devices)
      .set({
        vendorAccessToken: encryptToken(key(), 'revoked-access'),
        vendorRefreshToken: encryptToken(key(), 'revoked-refresh'),
        vendorTokenExpiresAt: new Date(w.t.clock.now().getTime() - 60_000),
      })
      .where(eq(devices.id, other.id));
    // Taken before the hour the later tests pull, so that they do not meet them again.
    await fake.addWithingsGroups(userId, [bpGroup(9050, 1.5), bpGroup(9051, 1.25)]);
    const now = seconds(w.t.clock.now().getTime());
    const { database, config } = w.t.app.vigil;
    const sender = config.databaseUrl
      ? new PgBoss({ connectionString: config.databaseUrl, max: 1 })
      : new PgBoss({ db: { executeSql: database.executeSql } });
    sender.on('error', () => undefined);
    await sender.start();
    // Queued in one statement, as a backlog waits for the worker.
    const notifications = [
      { userid: otherUser, startdate: now - 3600 },
      { userid: userId, startdate: now - 6000 },
      { userid: userId, startdate: now - 5600 },
    ].map((n) => ({ id: randomUUID(), data: { ...n, appli: 4, enddate: now } }));
    await sender.insert(withingsNotificationQueue, notifications);
    const ids = notifications.map((n) => n.id);
    await sender.stop({ graceful: false });
    const jobs = async () =>
      (
        await database.executeSql('select state, started_on from pgboss.job where id = any($1::uuid[])', [
          ids,
        ])
      ).rows as { state: string; started_on: Date }[];
    await waitFor(async () => (await jobs()).every((j) => j.state === 'completed' || j.state === 'retry'));
    const settled = await jobs();
    expect(settled.map((j) => j.state).sort()).toEqual(['completed', 'completed', 'retry']);
    // Fetched together, not one per poll.
    expect(new Set(settled.map((j) => new Date(j.started_on).getTime())).size).toBe(1);
    expect((await readingsOf(w.db, patientId)).map((r) => r.vendorReadingId)).toEqual(
      expect.arrayContaining(['9050', '9051']),
    );
    expect(await readingsOf(w.db, otherPatient)).toEqual([]);
  });

  it('asks for a year of measures at most, whatever the notification says: older ones would be refused', async () => {
    const day = 24;
    await fake.addWithingsGroups(userId, [bpGroup(9150, 400 * day), bpGroup(9151, 300 * day)]);
    const now = seconds(w.t.clock.now().getTime());
    const totals = await handleWithingsNotification(
      { pulls: w.pulls },
      { userid: userId, appli: 4, startdate: 0, enddate: now - 200 * day * 3600 },
    );
    expect(totals).toEqual({ stored: 1, duplicates: 0, refused: 0 });
    expect((await readingsOf(w.db, patientId)).map((r) => r.vendorReadingId)).toContain('9151');
    const beforeAYear = await handleWithingsNotification(
      { pulls: w.pulls },
      { userid: userId, appli: 4, startdate: 0, enddate: now - 380 * day * 3600 },
    );
    expect(beforeAYear).toEqual({ stored: 0, duplicates: 0, refused: 0 });
  });

  it('skips a group out of the physiological ranges, and logs it as a refused webhook reading is logged', async () => {
    const tooHigh = {
      ...bpGroup(9160, 3),
      measures: [{ value: 400, type: 10, unit: 0 }, ...bpGroup(0, 0).measures.slice(1)],
    };
    await fake.addWithingsGroups(userId, [tooHigh, bpGroup(9161, 3)]);
    const now = seconds(w.t.clock.now().getTime());
    w.pullLog.length = 0;
    const totals = await handleWithingsNotification(
      { pulls: w.pulls },
      { userid: userId, appli: 4, startdate: now - 4 * 3600, enddate: now },
    );
    // Stored before, the groups of the earlier tests in the range are duplicates.
    expect(totals).toMatchObject({ stored: 1, refused: 1 });
    // The field only: no identifier, value or patient.
    expect(w.pullLog).toEqual([
      { entry: { source: 'WITHINGS', fields: ['systolic'] }, message: 'pulled reading refused' },
    ]);
  });

  it('refreshes an expired token before it pulls, and keeps the new tokens', async () => {
    const before = await deviceRow(w.db, deviceId);
    await w.db
      .update(devices)
      .set({ vendorTokenExpiresAt: new Date(w.t.clock.now().getTime() - 60_000) })
      .where(eq(devices.id, deviceId));
    await fake.addWithingsGroups(userId, [bpGroup(9200, 0.5)]);
    const now = seconds(w.t.clock.now().getTime());
    const totals = await handleWithingsNotification(
      { pulls: w.pulls },
      { userid: userId, appli: 4, startdate: now - 3600, enddate: now },
    );
    expect(totals).toEqual({ stored: 1, duplicates: 0, refused: 0 });
    const after = await deviceRow(w.db, deviceId);
    expect(decryptToken(key(), after.vendorAccessToken!)).not.toBe(
      decryptToken(key(), before.vendorAccessToken!),
    );
    expect(decryptToken(key(), after.vendorRefreshToken!)).not.toBe(
      decryptToken(key(), before.vendorRefreshToken!),
    );
    expect(after.vendorTokenExpiresAt!.getTime()).toBeGreaterThan(w.t.clock.now().getTime());
  });

  it('refreshes once and retries when Withings refuses a token before its time', async () => {
    await w.db
      .update(devices)
      .set({ vendorAccessToken: encryptToken(key(), 'revoked-token') })
      .where(eq(devices.id, deviceId));
    await fake.addWithingsGroups(userId, [bpGroup(9201, 0.25)]);
    const now = seconds(w.t.clock.now().getTime());
    const totals = await handleWithingsNotification(
      { pulls: w.pulls },
      { userid: userId, appli: 4, startdate: now - 3600, enddate: now },
    );
    // The group of the previous test comes again: a duplicate, not a second reading.
    expect(totals).toEqual({ stored: 1, duplicates: 1, refused: 0 });
    expect(decryptToken(key(), (await deviceRow(w.db, deviceId)).vendorAccessToken!)).not.toBe(
      'revoked-token',
    );
  });
});
