import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deviceBrands, unrecognisedReasons } from '@vigil/core';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptBodyTrace } from '../../features/ingestion/adapters/bodytrace.adapter.js';
import { adaptEDevice } from '../../features/ingestion/adapters/edevice.adapter.js';
import { adaptPylo } from '../../features/ingestion/adapters/pylo.adapter.js';
import { adaptSmartMeter } from '../../features/ingestion/adapters/smart-meter.adapter.js';
import { adaptTenovi } from '../../features/ingestion/adapters/tenovi.adapter.js';
import { adaptWithingsGroups } from '../../features/ingestion/adapters/withings.adapter.js';
import type { DeviceDelivery } from '../../features/ingestion/ingestion.types.js';
import { startFakeVendors } from '../../features/ingestion/ingestion-fixtures.js';
import { foldSearchText } from '../../features/patients/patient-search-text.js';
import { webhookRequest, withingsMeasureGroup } from '../../simulator/wire-formats.js';
import { asUser, createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { devices, patientDevices, readings } from '../schema/index.js';

let t: TestApp;
let vendors: Awaited<ReturnType<typeof startFakeVendors>>;
const db = () => t.app.vigil.database.db;

beforeAll(async () => {
  vendors = await startFakeVendors();
  t = await createTestApp({ env: { WITHINGS_API_URL: vendors.withingsUrl } });
});
afterAll(async () => {
  await t.close();
  await vendors.close();
});

const adapters: Record<string, (raw: unknown, serial: string) => DeviceDelivery[]> = {
  BODYTRACE: adaptBodyTrace,
  TENOVI: adaptTenovi,
  SMART_METER: adaptSmartMeter,
  PYLO: adaptPylo,
  EDEVICE: adaptEDevice,
  WITHINGS: (raw, serial) => adaptWithingsGroups([raw].flat(), serial),
};

describe('the demo devices', () => {
  it('hold every brand, paired, disconnected, returned, free in a clinic, unassigned and deactivated', async () => {
    const all = await db().select().from(devices);
    expect(new Set(all.map((d) => d.brand))).toEqual(new Set(deviceBrands));
    const pairings = await db().select().from(patientDevices);
    const current = pairings.filter((p) => !p.deletedAt);
    expect(current.some((p) => p.status === 'active')).toBe(true);
    expect(current.some((p) => p.status === 'disabled')).toBe(true);
    expect(pairings.some((p) => p.deletedAt)).toBe(true);
    const paired = new Set(current.map((p) => p.deviceId));
    const free = all.filter((d) => d.clinicId && !paired.has(d.id) && d.status === 'active');
    expect(free.some((d) => d.brand === 'Smart Meter')).toBe(true);
    expect(free.some((d) => d.brand === 'Pylo')).toBe(true);
    expect(all.some((d) => d.clinicId === null)).toBe(true);
    expect(all.some((d) => d.status === 'deactivated')).toBe(true);
  });

  it('have a battery only where their vendor reports one, and a Withings user only once paired', async () => {
    const all = await db().select().from(devices);
    const everPaired = new Set((await db().select().from(patientDevices)).map((p) => p.deviceId));
    const withBattery = all.filter((d) => d.battery !== null);
    expect(withBattery.length).toBeGreaterThan(0);
    expect(new Set(withBattery.map((d) => d.brand))).toEqual(new Set(['Tenovi']));
    const withings = all.filter((d) => d.brand === 'Withings');
    expect(withings.some((d) => !everPaired.has(d.id))).toBe(true);
    for (const d of withings) {
      expect(d.vendorUserId !== null, d.serialNumber).toBe(everPaired.has(d.id));
      expect(d.vendorAccessToken !== null, d.serialNumber).toBe(everPaired.has(d.id));
    }
  });

  it('leave deliveries set aside for staff: an unknown scale and a deactivated monitor', async () => {
    const token = await signIn(t.app, 'admin@circle.demo');
    const res = await asUser(t.app, token).get('/api/devices/unrecognised');
    expect(res.statusCode).toBe(200);
    expect(
      res.json().data.devices.map((d: { brand: string; reason: string }) => [d.brand, d.reason]),
    ).toEqual(
      expect.arrayContaining([
        ['BODYTRACE', unrecognisedReasons.unknownDevice],
        ['Pylo', unrecognisedReasons.deactivated],
      ]),
    );
  });

  it("store readings as each vendor's adapter reads the raw payload kept beside them", async () => {
    const rows = await db()
      .select({ reading: readings, serial: devices.serialNumber })
      .from(readings)
      .innerJoin(devices, eq(readings.deviceId, devices.id))
      .where(ne(readings.source, 'MANUAL'));
    expect(rows.length).toBeGreaterThan(1000);
    expect(new Set(rows.map((r) => r.reading.source)).size).toBe(6);
    for (const { reading, serial } of rows) {
      const again = adapters[reading.source]!(reading.raw, serial)[0]!.readings[0]!;
      expect({
        vendorReadingId: again.vendorReadingId,
        takenAt: again.takenAt,
        systolic: again.systolic ?? null,
        diastolic: again.diastolic ?? null,
        heartRate: again.heartRate ?? null,
        weight: again.weight ?? null,
        // As the webhook stores it: no vendor sends a zone.
        timeZone: null,
      }).toEqual({
        vendorReadingId: reading.vendorReadingId,
        takenAt: reading.takenAt,
        systolic: reading.systolic,
        diastolic: reading.diastolic,
        heartRate: reading.heartRate,
        weight: reading.weightLbs,
        timeZone: reading.timeZone,
      });
    }
    const manual = await db()
      .select({ id: readings.id })
      .from(readings)
      .where(and(eq(readings.source, 'MANUAL'), isNotNull(readings.deviceId)));
    expect(manual).toEqual([]);
  });

  it("show each paired device's last reading as its last connection", async () => {
    const [device] = await db()
      .select()
      .from(devices)
      .innerJoin(patientDevices, eq(patientDevices.deviceId, devices.id))
      .where(and(isNull(patientDevices.deletedAt), eq(patientDevices.status, 'active')))
      .limit(1);
    const latest = await db()
      .select({ takenAt: readings.takenAt })
      .from(readings)
      .where(eq(readings.deviceId, device!.devices.id));
    const last = Math.max(...latest.map((r) => r.takenAt.getTime()));
    expect(device!.devices.lastConnectedAt?.getTime()).toBe(last);
  });
});

describe('a seeded Withings device', () => {
  it("is pulled with the tokens its activation would have stored (encrypted), through the patient's sync", async () => {
    const [paired] = await db()
      .select({ device: devices, patientId: patientDevices.patientId })
      .from(devices)
      .innerJoin(patientDevices, eq(patientDevices.deviceId, devices.id))
      .where(
        and(
          eq(devices.brand, 'Withings'),
          isNull(patientDevices.deletedAt),
          eq(patientDevices.status, 'active'),
        ),
      )
      .limit(1);
    const d = paired!.device;
    expect(d.vendorAccessToken).not.toContain(d.vendorUserId!);
    const takenAt = new Date(t.clock.now().getTime() - 3_600_000);
    const m =
      d.type === 'Scale'
        ? { takenAt, sequence: 1, weightLbs: 172.4 }
        : { takenAt, sequence: 1, systolic: 126, diastolic: 79, heartRate: 66 };
    await vendors.addWithingsGroups(d.vendorUserId!, [
      withingsMeasureGroup({ ...d, brand: 'Withings' }, m, 42),
    ]);
    const token = await signIn(t.app, 'admin@circle.demo');
    const res = await asUser(t.app, token).get(`/api/pacients/${paired!.patientId}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ newReadings: 1 });
    const [stored] = await db()
      .select()
      .from(readings)
      .where(and(eq(readings.deviceId, d.id), eq(readings.vendorReadingId, '42')));
    expect(stored).toMatchObject(
      d.type === 'Scale' ? { weightLbs: 172.4 } : { systolic: 126, diastolic: 79 },
    );
  });
});

describe("the simulator's wire formats", () => {
  it('are stored by each push webhook for a seeded paired device', async () => {
    const pushBrands = deviceBrands.filter((b) => b !== 'Withings');
    for (const brand of pushBrands) {
      const [paired] = await db()
        .select({ device: devices, patientId: patientDevices.patientId })
        .from(devices)
        .innerJoin(patientDevices, eq(patientDevices.deviceId, devices.id))
        .where(
          and(
            eq(devices.brand, brand),
            isNull(patientDevices.deletedAt),
            eq(patientDevices.status, 'active'),
          ),
        )
        .limit(1);
      expect(paired, brand).toBeDefined();
      const d = paired!.device;
      const takenAt = new Date(t.clock.now().getTime() - 60_000);
      const request = webhookRequest(
        { brand, serialNumber: d.serialNumber, hubSerialNumber: d.hubSerialNumber },
        d.type === 'Scale'
          ? { takenAt, sequence: 1, weightLbs: 181.4 }
          : { takenAt, sequence: 1, systolic: 131, diastolic: 84, heartRate: 70 },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: request.path,
        headers: request.headers,
        payload: request.body as object,
      });
      expect(res.statusCode, `${brand}: ${res.body}`).toBe(200);
      const stored = await db()
        .select()
        .from(readings)
        .where(and(eq(readings.deviceId, d.id), eq(readings.takenAt, takenAt)));
      expect(stored, brand).toHaveLength(1);
      expect(stored[0]).toMatchObject(
        d.type === 'Scale' ? { weightLbs: 181.4 } : { systolic: 131, diastolic: 84, heartRate: 70 },
      );
      expect(stored[0]!.timeZone, brand).toBeNull();
    }
  });
});

describe("the README's walkthrough", () => {
  it('simulates a reading for a Sunrise patient that staff see, with one BodyTrace blood pressure monitor', async () => {
    const readme = readFileSync(path.join(import.meta.dirname, '../../../../../README.md'), 'utf8');
    const named = /npm run simulate -- --patient "([^"]+)" --high/.exec(readme)?.[1];
    expect(named).toBeDefined();
    const staff = asUser(t.app, await signIn(t.app, 'staff@sunrise.demo'));
    const list = await staff.get('/api/pacients/patient-priority-list?page=0&pageSize=100');
    expect(list.statusCode).toBe(200);
    // Found as the simulator finds it: accents, case and spacing aside.
    const matches = list
      .json()
      .patients.filter((p: { fullName: string }) =>
        foldSearchText(p.fullName).includes(foldSearchText(named!)),
      );
    expect(matches.map((p: { fullName: string }) => p.fullName)).toHaveLength(1);
    const res = await staff.get(`/api/devices?inputVal=&patientId=${matches[0]._id}`);
    const active = res
      .json()
      .devices.filter(
        (d: { status: string; deletedAt: string | null }) => d.status === 'active' && !d.deletedAt,
      );
    expect(active.map((d: { brand: string; type: string }) => [d.brand, d.type])).toEqual([
      ['BODYTRACE', 'Blood Pressure Monitor'],
    ]);
  });
});
