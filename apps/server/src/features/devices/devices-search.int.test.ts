import {
  type DeviceSortField,
  deviceSortFields,
  type InventoryDevice,
  unrecognisedReasons,
} from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, unrecognisedDevices } from '../../db/schema/index.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';
import { addInventoryDevice, pickDevice } from './device-fixtures.js';

/**
 * The inventory's search (spec administration 2, 4, 7; decision 0009) over a world of its own: 23 devices
 * of every brand, in North, South and the operator's stock, paired, disconnected, deactivated, seen or not.
 */
let w: World;
const made: InventoryDevice[] = [];
let northCount = 0;
const db = () => w.t.app.vigil.database.db;

beforeAll(async () => {
  w = await createWorld();
  const north = (lastName: string, firstName: string) =>
    addPatient(w, 'northStaff', patientBody({ lastName, firstName }));
  const zoe = await north('Zimmer', 'Zoë');
  const adam = await north('abbott', 'Adam');
  const bea = await north('Abbott', 'Bea');
  const south = await addPatient(
    w,
    'southPhysician',
    patientBody({ clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] }),
  );
  const plan: { brand: InventoryDevice['brand']; clinicId: string | null; type?: 'Scale' }[] = [
    { brand: 'Smart Meter', clinicId: ids.north },
    { brand: 'Smart Meter', clinicId: ids.north, type: 'Scale' },
    { brand: 'Smart Meter', clinicId: ids.north },
    { brand: 'Pylo', clinicId: ids.north },
    { brand: 'Pylo', clinicId: ids.north, type: 'Scale' },
    { brand: 'Withings', clinicId: ids.north },
    { brand: 'Withings', clinicId: null },
    { brand: 'Withings', clinicId: ids.south, type: 'Scale' },
    { brand: 'BODYTRACE', clinicId: ids.north },
    { brand: 'BODYTRACE', clinicId: null, type: 'Scale' },
    { brand: 'EDEVICE', clinicId: ids.south },
    { brand: 'Tenovi', clinicId: ids.north },
    { brand: 'Tenovi', clinicId: null },
    { brand: 'Smart Meter', clinicId: ids.south },
    { brand: 'Smart Meter', clinicId: ids.south, type: 'Scale' },
    { brand: 'Pylo', clinicId: null },
    { brand: 'Smart Meter', clinicId: ids.north },
    { brand: 'Pylo', clinicId: ids.south },
    { brand: 'BODYTRACE', clinicId: ids.north, type: 'Scale' },
    { brand: 'Withings', clinicId: ids.north },
    { brand: 'Smart Meter', clinicId: null },
    { brand: 'Pylo', clinicId: ids.north },
    { brand: 'Smart Meter', clinicId: ids.north },
  ];
  for (const p of plan) {
    w.t.clock.advance(1000);
    made.push(
      await addInventoryDevice(w, {
        brand: p.brand,
        clinicId: p.clinicId,
        type: p.type ?? 'Blood Pressure Monitor',
      }),
    );
  }
  northCount = plan.filter((p) => p.clinicId === ids.north).length;
  // Pairings: active (Zoë, Adam), disabled (Bea), South's own; one deactivated device.
  await pickDevice(w, 'northStaff', zoe, made[0]!);
  await pickDevice(w, 'northStaff', adam, made[3]!);
  await pickDevice(w, 'northStaff', bea, made[1]!);
  await w
    .as('northStaff')
    .put('/api/smart-meter/disconnect-device', { patientId: bea, deviceObjectId: made[1]!._id });
  await pickDevice(w, 'southPhysician', south, made[13]!);
  await w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: made[2]!._id });
  // What the webhooks record: readings and heartbeats.
  const at = (minutes: number) => new Date(w.t.clock.now().getTime() + minutes * 60_000);
  await db()
    .update(devices)
    .set({ lastSeenAt: at(60) })
    .where(eq(devices.id, made[4]!._id));
  await db()
    .update(devices)
    .set({ lastConnectedAt: at(30), lastSeenAt: at(5) })
    .where(eq(devices.id, made[8]!._id));
  await db()
    .update(devices)
    .set({ lastConnectedAt: at(90) })
    .where(eq(devices.id, made[20]!._id));
});
afterAll(() => w.close());

async function search(query: string, who: Parameters<World['as']>[0] = 'circleAdmin') {
  const res = await w.as(who).get(`/api/devices/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { devices: InventoryDevice[]; count: number };
}
const all = (query = '') => search(`limit=100&${query}`);

/** What each sortable column orders by, read off a returned row: null sorts last in both directions. */
const sortValue: Record<DeviceSortField, (d: InventoryDevice) => string | number | null> = {
  // The Device ID column as shown: a Withings device's serial is its MAC, in the next column.
  serialNumber: (d) => (d.brand === 'Withings' ? null : d.serialNumber),
  macAddress: (d) => (d.brand === 'Withings' ? d.serialNumber : null),
  type: (d) => d.type,
  clinic: (d) => d.clinicId?.name.toLowerCase() ?? null,
  patient: (d) =>
    d.patientId ? `${d.patientId.lastName.toLowerCase()}\u0000${d.patientId.firstName.toLowerCase()}` : null,
  lastSeen: (d) =>
    Math.max(
      ...[d.lastConnectedAt, d.lastSeenAt, d.createdAt]
        .filter((v): v is string => v !== null)
        .map(Date.parse),
    ),
  status: (d) => d.statusShown,
  createdAt: (d) => Date.parse(d.createdAt),
};

function compareValues(a: string | number | null, b: string | number | null, order: 'asc' | 'desc') {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  // PostgreSQL's C-like order of these ASCII values is JavaScript's code unit order.
  const cmp = a < b ? -1 : 1;
  return order === 'asc' ? cmp : -cmp;
}

/** Each neighbouring pair in order of the column, ties broken by created-at then id, both descending. */
function expectSorted(rows: InventoryDevice[], field: DeviceSortField, order: 'asc' | 'desc') {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const byField = compareValues(sortValue[field](a), sortValue[field](b), order);
    const tie =
      compareValues(Date.parse(a.createdAt), Date.parse(b.createdAt), 'desc') ||
      compareValues(a._id, b._id, 'desc');
    expect(byField || tie, `${field} ${order}: ${a.serialNumber} before ${b.serialNumber}`).toBeLessThan(0);
  }
}

describe('the inventory search', () => {
  it('counts every device and pages them by 10, newest first by default', async () => {
    const first = await search('');
    expect(first.count).toBe(23);
    expect(first.devices).toHaveLength(10);
    const pages = [first, await search('page=2'), await search('page=3'), await search('page=4')];
    expect(pages.map((p) => p.devices.length)).toEqual([10, 10, 3, 0]);
    expect(pages.every((p) => p.count === 23)).toBe(true);
    const newestFirst = [...made].reverse().map((d) => d._id);
    expect(pages.flatMap((p) => p.devices.map((d) => d._id))).toEqual(newestFirst);
  });

  it.each(
    deviceSortFields.flatMap((field) => (['asc', 'desc'] as const).map((order) => [field, order] as const)),
  )('sorts by %s %s, and its pages of 10 join up to the whole list', async (field, order) => {
    const whole = (await all(`sort=${field}&order=${order}`)).devices;
    expect(whole).toHaveLength(23);
    expectSorted(whole, field, order);
    const paged: InventoryDevice[] = [];
    for (const page of [1, 2, 3])
      paged.push(...(await search(`sort=${field}&order=${order}&page=${page}`)).devices);
    expect(paged.map((d) => d._id)).toEqual(whole.map((d) => d._id));
  });

  it('orders the columns as a user reads them', async () => {
    const first = async (field: DeviceSortField, order: 'asc' | 'desc') =>
      (await all(`sort=${field}&order=${order}`)).devices;
    // Last Seen: the device last heard from leads when descending, the oldest never-seen device when ascending.
    expect((await first('lastSeen', 'desc'))[0]!._id).toBe(made[20]!._id);
    expect((await first('lastSeen', 'desc'))[1]!._id).toBe(made[4]!._id);
    expect((await first('lastSeen', 'asc'))[0]!._id).toBe(made[0]!._id);
    // Patient: by the name shown, first then last, case and accents aside; devices without a patient last
    // either way.
    const byPatient = (await first('patient', 'asc')).map((d) => d.patientId && `${d.patientId.firstName}`);
    expect(byPatient.slice(0, 4)).toEqual(['Adam', 'Bea', expect.any(String), 'Zoë']);
    expect(byPatient.slice(4).every((p) => p === null)).toBe(true);
    const byPatientDesc = (await first('patient', 'desc')).map((d) => d.patientId?.firstName ?? null);
    expect(byPatientDesc[0]).toBe('Zoë');
    // Status as shown: active, deactivated, unlinked.
    const statuses = (await first('status', 'asc')).map((d) => d.statusShown);
    expect(statuses.filter((s) => s === 'unlinked')).toHaveLength(1);
    expect(statuses.at(-1)).toBe('unlinked');
    expect(statuses.indexOf('deactivated')).toBe(statuses.lastIndexOf('active') + 1);
    // Clinic: North, South, then the operator's stock.
    const clinicNames = (await first('clinic', 'asc')).map((d) => d.clinicId?.name ?? null);
    expect(clinicNames.indexOf('South Clinic')).toBe(clinicNames.lastIndexOf('North Clinic') + 1);
    expect(clinicNames.slice(-5)).toEqual([null, null, null, null, null]);
    // MAC Address: only Withings devices have one.
    const macs = (await first('macAddress', 'asc')).slice(0, 4).map((d) => d.brand);
    expect(macs).toEqual(['Withings', 'Withings', 'Withings', 'Withings']);
    // Device ID: the table shows none for a Withings device (its MAC has a column of its own), so those
    // come last either way.
    for (const order of ['asc', 'desc'] as const) {
      const brands = (await first('serialNumber', order)).map((d) => d.brand);
      expect(brands.slice(-4)).toEqual(['Withings', 'Withings', 'Withings', 'Withings']);
      expect(brands.slice(0, -4)).not.toContain('Withings');
    }
  });

  it('shows a row as the spec says: pairing status, unlinked, deactivated, valid', async () => {
    const rows = new Map((await all()).devices.map((d) => [d._id, d]));
    expect(rows.get(made[0]!._id)).toMatchObject({
      statusShown: 'active',
      isValid: true,
      clinicId: { _id: ids.north, name: 'North Clinic' },
      patientId: { lastName: 'Zimmer', firstName: 'Zoë', connectedDevices: { status: 'active' } },
    });
    expect(rows.get(made[1]!._id)).toMatchObject({
      statusShown: 'unlinked',
      patientId: { firstName: 'Bea', connectedDevices: { status: 'disabled' } },
    });
    expect(rows.get(made[2]!._id)).toMatchObject({
      status: 'deactivated',
      statusShown: 'deactivated',
      isValid: false,
    });
    expect(rows.get(made[6]!._id)).toMatchObject({ clinicId: null, patientId: null, statusShown: 'active' });
    expect(rows.get(made[8]!._id)!.lastConnectedAt).not.toBeNull();
  });

  it('matches the text in serial numbers, clinic and patient names, ignoring case', async () => {
    const serial = made[5]!.serialNumber;
    expect((await all(`inputValue=${serial.slice(4).toLowerCase()}`)).devices.map((d) => d._id)).toEqual([
      made[5]!._id,
    ]);
    const south = await all('inputValue=south%20CLINIC');
    expect(south.count).toBe(5);
    expect(south.devices.every((d) => d.clinicId?.name === 'South Clinic')).toBe(true);
    const abbott = await all('inputValue=ABBOTT');
    expect(abbott.devices.map((d) => d.patientId?.firstName).sort()).toEqual(['Adam', 'Bea']);
    expect((await all('inputValue=bea%20abbott')).count).toBe(1);
    expect((await all('inputValue=%25')).count).toBe(0);
    expect((await all('inputValue=nothing-like-this')).devices).toEqual([]);
  });

  it('finds a patient without their accents, and a brand or type as the table shows it', async () => {
    for (const text of ['zoe', 'ZOE%20zimmer', 'Zo%C3%AB']) {
      expect((await all(`inputValue=${text}`)).devices.map((d) => d._id)).toEqual([made[0]!._id]);
    }
    const bodyTrace = await all('inputValue=bodytrace');
    expect(bodyTrace.devices.map((d) => d._id).sort()).toEqual(
      made
        .filter((d) => d.brand === 'BODYTRACE')
        .map((d) => d._id)
        .sort(),
    );
    const eDevice = await all('inputValue=EDevice');
    expect(eDevice.devices.map((d) => d.brand)).toEqual(['EDEVICE']);
    const scales = await all('inputValue=scale');
    expect(scales.count).toBe(made.filter((d) => d.type === 'Scale').length);
    expect(scales.devices.every((d) => d.type === 'Scale')).toBe(true);
  });

  it('finds a MAC address however its colons or dashes are written, as the table shows it or as it is stored', async () => {
    const withings = made.find((d) => d.brand === 'Withings')!;
    const shown = withings.serialNumber.replace(/(..)(?!$)/g, '$1:');
    for (const text of [shown, shown.toLowerCase(), withings.serialNumber]) {
      expect((await all(`inputValue=${encodeURIComponent(text)}`)).devices.map((d) => d._id)).toEqual([
        withings._id,
      ]);
    }
    const eDevice = made.find((d) => d.brand === 'EDEVICE')!;
    const colons = eDevice.serialNumber.replace(/(..)(?!$)/g, '$1:');
    for (const text of [eDevice.serialNumber, colons, colons.replaceAll(':', '-').toLowerCase()]) {
      expect((await all(`inputValue=${encodeURIComponent(text)}`)).devices.map((d) => d._id)).toEqual([
        eDevice._id,
      ]);
    }
  });

  it("gives a clinic user their clinic's devices only", async () => {
    const north = await search('limit=100', 'northStaff');
    expect(north.count).toBe(northCount);
    expect(north.devices.every((d) => d.clinicId?._id === ids.north)).toBe(true);
    const south = await search('limit=100&inputValue=north', 'southPhysician');
    expect(south.count).toBe(0);
  });

  it('refuses a bad query with 400, never 5xx', async () => {
    for (const query of [
      'sort=color',
      'order=up',
      'limit=0',
      'limit=101',
      'page=0',
      'page=x',
      `inputValue=${'a'.repeat(101)}`,
    ]) {
      const res = await w.as('circleAdmin').get(`/api/devices/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('needs a session', async () => {
    expect((await w.t.app.inject({ method: 'GET', url: '/api/devices/search' })).statusCode).toBe(401);
  });
});

describe('the unrecognised deliveries', () => {
  it('lists them newest first with their brand, for operator users only', async () => {
    const now = w.t.clock.now();
    const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
    await db()
      .insert(unrecognisedDevices)
      .values([
        {
          source: 'SMART_METER',
          identifier: '350000000000999',
          reason: 'unknownDevice',
          firstSeenAt: minutes(-60),
          lastSeenAt: minutes(-10),
          count: 3,
        },
        {
          source: 'EDEVICE',
          identifier: 'A4:C1:38:99:99:99',
          reason: 'unpaired',
          firstSeenAt: minutes(-5),
          lastSeenAt: minutes(-1),
        },
        {
          source: 'WITHINGS',
          identifier: '0024E4999999',
          reason: 'deactivated',
          firstSeenAt: minutes(-90),
          lastSeenAt: minutes(-30),
        },
      ]);
    const res = await w.as('navigatorA').get('/api/devices/unrecognised?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.count).toBe(3);
    expect(body.devices).toEqual([
      expect.objectContaining({
        source: 'EDEVICE',
        brand: 'EDEVICE',
        reason: unrecognisedReasons.unpaired,
        count: 1,
      }),
      expect.objectContaining({
        source: 'SMART_METER',
        brand: 'Smart Meter',
        identifier: '350000000000999',
        reason: unrecognisedReasons.unknownDevice,
        count: 3,
      }),
    ]);
    const second = (await w.as('navigatorA').get('/api/devices/unrecognised?limit=2&page=2')).json().data;
    expect(second.devices.map((d: { brand: string }) => d.brand)).toEqual(['Withings']);
    expect((await w.as('northPhysician').get('/api/devices/unrecognised')).statusCode).toBe(403);
    expect((await w.as('circleAdmin').get('/api/devices/unrecognised?limit=500')).statusCode).toBe(400);
  });

  it('finds an entry by a part of its identifier, in any notation, or of its hub', async () => {
    await db()
      .insert(unrecognisedDevices)
      .values([
        {
          source: 'EDEVICE',
          identifier: 'A4C138777701',
          reason: 'unknownDevice',
          hubSerialNumber: 'HUB-SEARCH-9',
          firstSeenAt: w.t.clock.now(),
          lastSeenAt: w.t.clock.now(),
        },
        {
          source: 'BODYTRACE',
          identifier: '350000000077770',
          reason: 'unknownDevice',
          firstSeenAt: w.t.clock.now(),
          lastSeenAt: w.t.clock.now(),
        },
      ]);
    const found = async (inputValue: string) => {
      const res = await w
        .as('circleAdmin')
        .get(`/api/devices/unrecognised?inputValue=${encodeURIComponent(inputValue)}`);
      expect(res.statusCode, res.body).toBe(200);
      const { devices: rows, count: total } = res.json().data;
      expect(total).toBe(rows.length);
      return rows.map((d: { identifier: string }) => d.identifier);
    };
    expect(await found('38:77:77')).toEqual(['A4C138777701']);
    expect(await found('hub-search')).toEqual(['A4C138777701']);
    expect(await found('7777')).toEqual(expect.arrayContaining(['A4C138777701', '350000000077770']));
    expect(await found('0000007777')).toEqual(['350000000077770']);
    // The text is taken literally.
    expect(await found('%')).toEqual([]);
    expect(
      (await w.as('circleAdmin').get(`/api/devices/unrecognised?inputValue=${'x'.repeat(101)}`)).statusCode,
    ).toBe(400);
  });
});
