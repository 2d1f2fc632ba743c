import { type ConnectedDevice, errorMessages, type FreeDevice, messages, toasts } from '@vigil/core';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, devices, patientDevices } from '../../db/schema/index.js';
import { fakeWithingsUserId } from '../../integrations/vendors/fake-vendors.js';
import { whileSlowing } from '../../test/refuse-writes.js';
import { onPostgres } from '../../test/test-app.js';
import { createAuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { deliver, startFakeVendors } from '../ingestion/ingestion-fixtures.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';
import {
  addInventoryDevice,
  connectBodyTrace,
  macSerial,
  nextImei,
  nextMac,
  pickDevice,
} from './device-fixtures.js';
import { createDevicesService } from './devices.service.js';
import type { WithingsActivation } from './pairing.service.js';

/** Pairing devices with patients (spec patients 3-7, decision 0009), per brand, with its rules and tenancy. */
let w: World;
let north: string;
let north2: string;
let south: string;
let vendors: Awaited<ReturnType<typeof startFakeVendors>>;
beforeAll(async () => {
  // Pairing a Withings device activates it with Withings: here, the dev fake on a port of its own.
  vendors = await startFakeVendors();
  w = await createWorld({ WITHINGS_API_URL: vendors.withingsUrl });
  north = await addPatient(w, 'northStaff', patientBody());
  north2 = await addPatient(w, 'northStaff', patientBody());
  south = await addPatient(
    w,
    'southPhysician',
    patientBody({ clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] }),
  );
});
afterAll(async () => {
  await w.close();
  await vendors.close();
});

const db = () => w.t.app.vigil.database.db;
const staff = () => w.as('northStaff');

async function patientDevicesOf(patientId: string, inputVal = ''): Promise<ConnectedDevice[]> {
  const res = await staff().get(
    `/api/devices?inputVal=${encodeURIComponent(inputVal)}&patientId=${patientId}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().devices;
}

async function inventoryRow(brand: string, serialNumber: string) {
  return db()
    .select()
    .from(devices)
    .where(and(eq(devices.brand, brand), eq(devices.serialNumber, serialNumber), isNull(devices.deletedAt)));
}

async function currentPairings(deviceId: string) {
  return db()
    .select()
    .from(patientDevices)
    .where(and(eq(patientDevices.deviceId, deviceId), isNull(patientDevices.deletedAt)));
}

async function auditActions(patientId: string, deviceId: string) {
  const rows = await db()
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.entityId, deviceId)))
    .orderBy(auditEvents.occurredAt);
  return rows.map((r) => r.action);
}

describe('BodyTrace', () => {
  it('connects by IMEI, adding the device to the patient’s clinic, then disconnects, reconnects and removes', async () => {
    const imei = nextImei();
    const res = await connectBodyTrace(w, 'northStaff', north, imei);
    expect(res.statusCode, res.body).toBe(201);
    const { message, device } = res.json() as { message: string; device: ConnectedDevice };
    expect(message).toBe(toasts.pairSuccessful);
    expect(device).toMatchObject({
      brand: 'BODYTRACE',
      name: 'Scale',
      serialNumber: imei,
      deviceId: imei,
      status: 'active',
      pairedAt: w.t.clock.now().toISOString(),
      unpairedAt: null,
      deletedAt: null,
      device: { brand: 'BODYTRACE', serialNumber: imei, patientId: north },
    });
    const [row] = await inventoryRow('BODYTRACE', imei);
    expect(row).toMatchObject({ id: device.device._id, clinicId: ids.north, createdBy: ids.northStaff });

    w.t.clock.advance(60_000);
    const off = await staff().put(`/api/bodytrace/disconnect-device/${north}`, { imei });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: toasts.deviceUpdated,
      device: { status: 'disabled', unpairedAt: w.t.clock.now().toISOString() },
    });
    const shown = await w.as('circleAdmin').get(`/api/devices/${row!.id}`);
    expect(shown.json().data.device).toMatchObject({ statusShown: 'unlinked', patientId: { _id: north } });
    // Disabled still holds the device: nobody else may pair it.
    const other = await connectBodyTrace(w, 'northStaff', north2, imei);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(errorMessages.devicePaired);

    const on = await staff().put(`/api/bodytrace/reconnect-device/${north}`, { imei });
    expect(on.json()).toMatchObject({
      message: toasts.deviceUpdated,
      device: { status: 'active', unpairedAt: null },
    });

    const gone = await staff().delete(`/api/bodytrace/remove-device/${north}/${imei}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: toasts.deviceDeleted });
    expect(await currentPairings(row!.id)).toEqual([]);
    const history = await patientDevicesOf(north, imei);
    expect(history).toEqual([
      expect.objectContaining({
        deletedAt: w.t.clock.now().toISOString(),
        device: expect.objectContaining({ _id: row!.id }),
      }),
    ]);
    expect(await auditActions(north, row!.id)).toEqual([
      'device.paired',
      'device.disconnected',
      'device.reconnected',
      'device.removed',
    ]);
    // Free again, and the same inventory device is reused.
    expect((await connectBodyTrace(w, 'northStaff', north2, imei)).statusCode).toBe(201);
    expect(await inventoryRow('BODYTRACE', imei)).toHaveLength(1);
  });

  it('reuses an inventory device, and gives a device of the operator’s stock the patient’s clinic', async () => {
    const stock = await addInventoryDevice(w, { brand: 'BODYTRACE', clinicId: null, type: 'Scale' });
    const res = await connectBodyTrace(w, 'northStaff', north, stock.serialNumber);
    expect(res.statusCode).toBe(201);
    expect(res.json().device.device._id).toBe(stock._id);
    expect(res.json().device.type).toBe('Scale');
    const [row] = await inventoryRow('BODYTRACE', stock.serialNumber);
    expect(row!.clinicId).toBe(ids.north);
  });

  it("answers the pairing form's messages with 400", async () => {
    for (const [body, fields] of [
      [{ imei: '1234' }, { imei: messages.imeiLength }],
      [{ imei: '35000000000000A' }, { imei: messages.imeiDigits }],
      [{}, { imei: messages.required }],
      [{ imei: nextImei(), type: 'Toaster' }, { type: expect.any(String) }],
      [{ imei: nextImei(), deviceName: 'x'.repeat(101) }, { deviceName: expect.any(String) }],
    ] as const) {
      const res = await staff().post(`/api/bodytrace/connect-device/${north}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    const missing = await staff().put(`/api/bodytrace/disconnect-device/${north}`, {});
    expect(missing.json().fields).toEqual({ imei: messages.required });
  });
});

describe('eDevice, Withings and Tenovi', () => {
  it('connects an eDevice by hub and Bluetooth address, and reconnects it through a new hub', async () => {
    const empty = await staff().post(`/api/e-device/connect-device/${north}`, {});
    expect(empty.json().fields).toEqual({
      hubSerialNumber: messages.required,
      bluetoothMA: messages.required,
      deviceName: messages.required,
      deviceModel: messages.required,
    });
    const res = await staff().post(`/api/e-device/connect-device/${north}`, {
      hubSerialNumber: 'hub-77',
      bluetoothMA: 'a4:c1:38:77:00:01',
      deviceName: 'Cuff',
      deviceModel: 'BP-2',
    });
    expect(res.statusCode, res.body).toBe(201);
    const device = res.json().device as ConnectedDevice;
    expect(device).toMatchObject({
      brand: 'EDEVICE',
      serialNumber: 'A4C138770001',
      hub: 'HUB-77',
      name: 'Cuff',
    });
    const [row] = await inventoryRow('EDEVICE', 'A4C138770001');
    expect(row).toMatchObject({ model: 'BP-2', hubSerialNumber: 'HUB-77' });

    const off = await staff().put(`/api/e-device/disconnect-device/${north}`, {
      BTAddress: 'a4:c1:38:77:00:01',
    });
    expect(off.json().device.status).toBe('disabled');
    const on = await staff().put(`/api/e-device/reconnect-device/${north}`, {
      BTAddress: 'A4-C1-38-77-00-01',
      hubSerialNumber: 'hub-78',
    });
    expect(on.json().device).toMatchObject({ status: 'active', hub: 'HUB-78' });
    // Reconnecting an active pairing changes nothing, the hub named with it included.
    const again = await staff().put(`/api/e-device/reconnect-device/${north}`, {
      BTAddress: 'A4C138770001',
      hubSerialNumber: 'hub-79',
    });
    expect(again.json().device).toMatchObject({ status: 'active', hub: 'HUB-78' });
    expect((await inventoryRow('EDEVICE', 'A4C138770001'))[0]).toMatchObject({ hubSerialNumber: 'HUB-78' });
    const gone = await staff().delete(`/api/e-device/remove-device/${north}/${device.device._id}`);
    expect(gone.statusCode).toBe(200);
    expect(await currentPairings(device.device._id)).toEqual([]);
  });

  it('connects Withings by MAC address (colons ignored) and by add-device', async () => {
    const before = (await db().select().from(devices)).length;
    for (const [macAddress, message] of [
      ['00:24:e4', messages.macLengthPairing],
      ['zz:zz:zz:zz:zz:zz', messages.macCharactersPairing],
      ['hello world!', messages.macCharactersPairing],
    ]) {
      const bad = await staff().post(`/api/withings/connect-device/${north}`, { macAddress });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ macAddress: message });
    }
    const separators = await staff().post(`/api/e-device/connect-device/${north}`, {
      hubSerialNumber: 'H1',
      bluetoothMA: '--',
      deviceName: 'Cuff',
      deviceModel: 'M1',
    });
    expect(separators.json().fields).toEqual({ bluetoothMA: messages.required });
    for (const [bluetoothMA, message] of [
      ['zz', messages.bluetoothLengthPairing],
      ['A4C1380000ZZ', messages.bluetoothCharactersPairing],
    ]) {
      const bad = await staff().post(`/api/e-device/connect-device/${north}`, {
        hubSerialNumber: 'H1',
        bluetoothMA,
        deviceName: 'Cuff',
        deviceModel: 'M1',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ bluetoothMA: message });
    }
    // None of them put a device in the inventory.
    expect((await db().select().from(devices)).length).toBe(before);
    const mac = nextMac();
    const res = await staff().post(`/api/withings/connect-device/${north}`, {
      macAddress: mac,
      deviceName: 'Body+',
      deviceId: 'anything',
      type: 'Scale',
    });
    expect(res.statusCode, res.body).toBe(201);
    const device = res.json().device as ConnectedDevice;
    expect(device).toMatchObject({ brand: 'Withings', serialNumber: macSerial(mac), type: 'Scale' });
    const id = device.device._id;
    // Found by its MAC address as the screens show it, with colons, as the inventory finds it.
    const shown = macSerial(mac).match(/.{2}/g)!.join(':');
    expect((await patientDevicesOf(north, shown.slice(3))).map((d) => d.device._id)).toEqual([id]);
    const [activated] = await db().select().from(devices).where(eq(devices.id, id));
    expect(activated?.vendorUserId).toBe(fakeWithingsUserId(macSerial(mac)));
    expect(
      (await staff().put(`/api/withings/disconnect-device/${north}`, { deviceObjectId: id })).json().device
        .status,
    ).toBe('disabled');
    expect(
      (await staff().put(`/api/withings/reconnect-device/${north}`, { deviceObjectId: id })).json().device
        .status,
    ).toBe('active');
    expect((await staff().delete(`/api/withings/remove-device/${north}/${id}`)).statusCode).toBe(200);

    const added = await staff().post('/api/withings/add-device', {
      patientId: north,
      serialNumber: nextMac(),
      type: 'Blood Pressure Monitor',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: toasts.pairSuccessful,
      device: { type: 'Blood Pressure Monitor' },
    });
    const badAdd = await staff().post('/api/withings/add-device', { patientId: north, serialNumber: '12' });
    expect(badAdd.json().fields).toEqual({ type: messages.required });
    // The patient form's wording of the rule, not the inventory's.
    const shortMac = await staff().post('/api/withings/add-device', {
      patientId: north,
      serialNumber: '12',
      type: 'Scale',
    });
    expect(shortMac.statusCode).toBe(400);
    expect(shortMac.json().fields).toEqual({ serialNumber: messages.macLengthPairing });
  });

  it('connects a Tenovi gateway device by its id', async () => {
    const res = await staff().post(`/api/tenovi/connect-device/${north}`, {
      hwiDeviceId: 'hwi-5',
      deviceName: 'Hub scale',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().device.device._id as string;
    expect(res.json().device).toMatchObject({ brand: 'Tenovi', serialNumber: 'HWI-5' });
    expect(
      (await staff().put(`/api/tenovi/disconnect-device/${north}`, { deviceObjectId: id })).statusCode,
    ).toBe(200);
    expect(
      (await staff().put(`/api/tenovi/reconnect-device/${north}`, { deviceObjectId: id })).statusCode,
    ).toBe(200);
    expect((await staff().delete(`/api/tenovi/remove-device/${north}/${id}`)).statusCode).toBe(200);
    expect((await staff().post(`/api/tenovi/connect-device/${north}`, {})).json().fields).toEqual({
      hwiDeviceId: messages.required,
    });
  });
});

describe('Smart Meter and Pylo', () => {
  it("lists the brand's free, active devices of the patient's clinic", async () => {
    const free = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const taken = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const off = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const pylo = await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.north });
    const southern = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.south });
    const stock = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: null });
    await pickDevice(w, 'northStaff', north, taken);
    await w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: off._id });

    const list = async (
      segment: string,
      patientId: string,
      who: 'northStaff' | 'southPhysician' = 'northStaff',
    ) => {
      const res = await w.as(who).get(`/api/${segment}?patientId=${patientId}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().devices as FreeDevice[]).map((d) => d._id);
    };
    const smart = await list('smart-meter', north);
    expect(smart).toContain(free._id);
    for (const d of [taken, off, pylo, southern, stock]) expect(smart).not.toContain(d._id);
    expect(await list('pylo', north)).toContain(pylo._id);
    expect(await list('smart-meter', south, 'southPhysician')).toContain(southern._id);
    const [item] = (await staff().get(`/api/smart-meter?patientId=${north}`)).json().devices as FreeDevice[];
    expect(item).toEqual({
      _id: expect.any(String),
      imei: item!.serialNumber,
      serialNumber: item!.serialNumber,
      type: expect.any(String),
    });
    expect((await staff().get('/api/smart-meter')).statusCode).toBe(400);
  });

  it('connects a picked device, disconnects and reconnects it, and adds a typed-in one', async () => {
    const device = await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.north });
    const paired = await pickDevice(w, 'northStaff', north, device);
    expect(paired).toMatchObject({
      brand: 'Pylo',
      name: 'Cuff',
      status: 'active',
      device: { _id: device._id },
    });
    expect(await (await staff().get(`/api/pylo?patientId=${north}`)).json().devices).not.toContainEqual(
      expect.objectContaining({ _id: device._id }),
    );
    const body = { patientId: north, deviceObjectId: device._id };
    expect((await staff().put('/api/pylo/disconnect-device', body)).json().device.status).toBe('disabled');
    expect((await staff().put('/api/pylo/reconnect-device', body)).json().device.status).toBe('active');

    // A Smart Meter device's id on the Pylo path names no Pylo device.
    const smart = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const wrong = await staff().post('/api/pylo/connect-device', {
      patientId: north,
      deviceObjectId: smart._id,
    });
    expect(wrong.statusCode).toBe(404);

    const imei = nextImei();
    const added = await staff().post('/api/smart-meter/add-device', {
      patientId: north,
      serialNumber: imei,
      type: 'Scale',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().device).toMatchObject({ brand: 'Smart Meter', serialNumber: imei, type: 'Scale' });
    const badImei = await staff().post('/api/smart-meter/add-device', {
      patientId: north,
      serialNumber: '123',
      type: 'Scale',
    });
    expect(badImei.json().fields).toEqual({ serialNumber: messages.imeiLength });
    const noPatient = await staff().post('/api/smart-meter/connect-device', { deviceObjectId: smart._id });
    expect(noPatient.json().fields).toEqual({ patientId: messages.required });
    const noDevice = await staff().post('/api/smart-meter/connect-device', { patientId: north });
    expect(noDevice.json().fields).toEqual({ deviceObjectId: messages.required });
    // Sent, but not as text: the answer says what was expected, not that it is missing (decision 0019).
    const numeric = await staff().post('/api/smart-meter/connect-device', {
      patientId: 123,
      deviceObjectId: smart._id,
    });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json().fields.patientId).toMatch(/expected string/);
  });
});

describe('the pairing rules', () => {
  it('refuses a device of another clinic, one already paired and one deactivated, with 409', async () => {
    const before = async () => {
      const [n] = await db().select({ n: count() }).from(patientDevices);
      return n!.n;
    };
    const southern = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.south });
    const pairings = await before();
    const other = await staff().post('/api/smart-meter/connect-device', {
      patientId: north,
      deviceObjectId: southern._id,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(errorMessages.deviceOtherClinic);
    const southImei = (await addInventoryDevice(w, { brand: 'BODYTRACE', clinicId: ids.south })).serialNumber;
    expect((await connectBodyTrace(w, 'northStaff', north, southImei)).json().message).toBe(
      errorMessages.deviceOtherClinic,
    );

    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', north, device);
    const twice = await staff().post('/api/smart-meter/connect-device', {
      patientId: north2,
      deviceObjectId: device._id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(errorMessages.devicePaired);
    const same = await staff().post('/api/smart-meter/connect-device', {
      patientId: north,
      deviceObjectId: device._id,
    });
    expect(same.statusCode).toBe(409);

    const off = await addInventoryDevice(w, { brand: 'BODYTRACE', clinicId: ids.north });
    await w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: off._id });
    const deactivated = await connectBodyTrace(w, 'northStaff', north, off.serialNumber);
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json().message).toBe(errorMessages.deviceIsDeactivated);
    expect(await before()).toBe(pairings + 1);
  });

  it("answers 404 for a device that is not the patient's", async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', north, device);
    const body = { patientId: north2, deviceObjectId: device._id };
    expect((await staff().put('/api/smart-meter/disconnect-device', body)).statusCode).toBe(404);
    expect((await staff().put('/api/smart-meter/reconnect-device', body)).statusCode).toBe(404);
    const unknown = { patientId: north, deviceObjectId: '10000000-0000-4000-8000-00000000ffff' };
    expect((await staff().put('/api/smart-meter/disconnect-device', unknown)).statusCode).toBe(404);
    expect(
      (await staff().put(`/api/bodytrace/disconnect-device/${north}`, { imei: nextImei() })).statusCode,
    ).toBe(404);
    expect((await staff().delete(`/api/withings/remove-device/${north}/not-a-uuid`)).statusCode).toBe(404);
    expect(await currentPairings(device._id)).toEqual([
      expect.objectContaining({ patientId: north, status: 'active' }),
    ]);
  });

  it('refuses to reconnect a deactivated device', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', north, device);
    const body = { patientId: north, deviceObjectId: device._id };
    await staff().put('/api/smart-meter/disconnect-device', body);
    await w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: device._id });
    const res = await staff().put('/api/smart-meter/reconnect-device', body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(errorMessages.deviceIsDeactivated);
  });

  it("lists a patient's pairings, current and past, newest first", async () => {
    const patient = await addPatient(w, 'northStaff', patientBody());
    const first = await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.north });
    const second = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', patient, first);
    w.t.clock.advance(1000);
    await staff().put('/api/pylo/disconnect-device', { patientId: patient, deviceObjectId: first._id });
    await w.as('circleAdmin').put('/api/pylo/unlink-device', { deviceObjectId: first._id });
    w.t.clock.advance(1000);
    await pickDevice(w, 'northStaff', patient, second);
    w.t.clock.advance(1000);
    await pickDevice(w, 'northStaff', patient, first);
    const list = await patientDevicesOf(patient);
    expect(list.map((d) => [d.device._id, d.status, d.deletedAt !== null])).toEqual([
      [first._id, 'active', false],
      [second._id, 'active', false],
      [first._id, 'disabled', true],
    ]);
    expect((await patientDevicesOf(patient, second.serialNumber.slice(-6))).map((d) => d.device._id)).toEqual(
      [second._id],
    );
    expect((await staff().get(`/api/devices?inputVal=&patientId=`)).statusCode).toBe(400);
    const reads = await db()
      .select({ actor: auditEvents.actorUserId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient), eq(auditEvents.action, 'patient.viewed')));
    expect(reads.filter((r) => (r.details as { view?: string }).view === 'devices')).toEqual([
      { actor: ids.northStaff, details: { view: 'devices', message: 'Viewed devices' } },
      { actor: ids.northStaff, details: { view: 'devices', message: 'Viewed devices' } },
    ]);
  });
});

describe('tenancy', () => {
  it("answers 404 for a patient outside the user's scope, and stores nothing", async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const imei = nextImei();
    const as = w.as('southPhysician');
    for (const res of [
      await as.post(`/api/bodytrace/connect-device/${north}`, { imei, deviceName: 'Scale' }),
      await as.post('/api/smart-meter/connect-device', { patientId: north, deviceObjectId: device._id }),
      await as.post('/api/smart-meter/add-device', { patientId: north, serialNumber: imei, type: 'Scale' }),
      await as.get(`/api/smart-meter?patientId=${north}`),
      await as.get(`/api/devices?inputVal=&patientId=${north}`),
      await as.put(`/api/bodytrace/disconnect-device/${north}`, { imei }),
      await as.post(`/api/bodytrace/connect-device/not-a-uuid`, { imei }),
      await as.post('/api/pylo/connect-device', {
        patientId: '10000000-0000-4000-8000-00000000ffff',
        deviceObjectId: device._id,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await inventoryRow('BODYTRACE', imei)).toEqual([]);
    expect(await currentPairings(device._id)).toEqual([]);
    // Operator users reach every clinic's patients.
    expect((await connectBodyTrace(w, 'navigatorA', north, imei)).statusCode).toBe(201);
  });

  it("a device's activity shows on the pairing that held it: not on an earlier patient's, of another clinic, nor before", async () => {
    const imei = nextImei();
    const patient = await addPatient(w, 'northStaff', patientBody());
    const seen = (battery: number) => ({
      imei,
      ts: w.t.clock.now().getTime(),
      batteryVoltage: battery,
      signalStrength: 80,
      values: { unit: 1, weight: 70_000, tare: 0 },
    });
    expect((await connectBodyTrace(w, 'northStaff', patient, imei)).statusCode).toBe(201);
    w.t.clock.advance(60_000);
    const northReading = w.t.clock.now().toISOString();
    expect((await deliver(w.t.app, 'bodytrace', seen(5500))).statusCode).toBe(200);
    const [own] = await patientDevicesOf(patient, imei);
    expect(own).toMatchObject({ lastConnectedAt: northReading, lastSeenAt: northReading });

    w.t.clock.advance(60_000);
    expect((await staff().delete(`/api/bodytrace/remove-device/${patient}/${imei}`)).statusCode).toBe(200);
    const [row] = await inventoryRow('BODYTRACE', imei);
    const moved = await w.as('circleAdmin').put(`/api/devices/${row!.id}`, {
      serialNumber: imei,
      brand: 'BODYTRACE',
      type: 'Scale',
      clinicId: ids.south,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    w.t.clock.advance(60_000);
    expect((await connectBodyTrace(w, 'southPhysician', south, imei)).statusCode).toBe(201);
    const southDevices = async () =>
      (await w.as('southPhysician').get(`/api/devices?inputVal=${imei}&patientId=${south}`)).json()
        .devices as ConnectedDevice[];
    // The north patient's last reading is not the south patient's.
    expect(await southDevices()).toMatchObject([
      { lastConnectedAt: null, lastSeenAt: null, device: { lastConnectedAt: null } },
    ]);

    w.t.clock.advance(60_000);
    const southReading = w.t.clock.now().toISOString();
    expect((await deliver(w.t.app, 'bodytrace', seen(5200))).statusCode).toBe(200);
    // BodyTrace reports no battery percentage; a gateway of another brand would have.
    await db()
      .update(devices)
      .set({ battery: 80, batteryReportedAt: w.t.clock.now() })
      .where(eq(devices.id, row!.id));
    expect(await southDevices()).toMatchObject([
      { battery: 80, lastConnectedAt: southReading, lastSeenAt: southReading },
    ]);
    // Nor is the south patient's reading shown to the north clinic, on the pairing the device left.
    expect(await patientDevicesOf(patient, imei)).toMatchObject([
      {
        deletedAt: expect.any(String),
        battery: null,
        lastConnectedAt: null,
        lastSeenAt: null,
        device: { lastConnectedAt: null },
      },
    ]);
  });
  it("a removed pairing keeps its device's hub and name; the next clinic's hub and battery are not shown", async () => {
    const patient = await addPatient(w, 'northStaff', patientBody());
    const mac = `A4C1389${String(Date.now()).slice(-5)}`;
    const connected = await staff().post(`/api/e-device/connect-device/${patient}`, {
      hubSerialNumber: 'north-hub',
      bluetoothMA: mac,
      deviceName: 'North cuff',
      deviceModel: 'BP-2',
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const deviceId = (connected.json().device as ConnectedDevice).device._id;
    expect((await staff().delete(`/api/e-device/remove-device/${patient}/${deviceId}`)).statusCode).toBe(200);
    const moved = await w.as('circleAdmin').put(`/api/devices/${deviceId}`, {
      serialNumber: mac,
      hubSerialNumber: 'NORTH-HUB',
      brand: 'EDEVICE',
      type: 'Blood Pressure Monitor',
      name: 'Renamed by the operator',
      clinicId: ids.south,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The device's battery as another patient's deliveries left it.
    await db()
      .update(devices)
      .set({ battery: 37, batteryReportedAt: w.t.clock.now() })
      .where(eq(devices.id, deviceId));
    w.t.clock.advance(60_000);
    const southPairing = await w.as('southPhysician').post(`/api/e-device/connect-device/${south}`, {
      hubSerialNumber: 'south-hub',
      bluetoothMA: mac,
      deviceName: 'South cuff',
      deviceModel: 'BP-2',
    });
    expect(southPairing.statusCode, southPairing.body).toBe(201);
    expect(southPairing.json().device).toMatchObject({ hub: 'SOUTH-HUB', battery: null });
    // Nor once the device is seen again, with a reading that reports no battery.
    w.t.clock.advance(60_000);
    const reading = await deliver(w.t.app, 'edevice', {
      hubSerialNumber: 'SOUTH-HUB',
      bluetoothMA: mac,
      id: 'south-1',
      type: 'bp',
      systolic: 128,
      diastolic: 80,
      pulse: 70,
      measuredAt: w.t.clock.now().toISOString(),
    });
    expect(reading.statusCode, reading.body).toBe(200);
    const [southRow] = (await w.as('southPhysician').get(`/api/devices?inputVal=&patientId=${south}`)).json()
      .devices as ConnectedDevice[];
    expect(southRow).toMatchObject({ battery: null, lastSeenAt: w.t.clock.now().toISOString() });

    expect(await patientDevicesOf(patient)).toMatchObject([
      { hub: 'NORTH-HUB', name: 'North cuff', device: { name: 'North cuff' } },
    ]);
    expect(await patientDevicesOf(patient, 'SOUTH')).toEqual([]);
    expect(await patientDevicesOf(patient, 'Renamed')).toEqual([]);
    expect(await patientDevicesOf(patient, 'north-hub')).toHaveLength(1);
  });
});

describe('concurrency', () => {
  it('pairs a free device once when two patients connect it at the same moment', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const results = await Promise.all(
      [north, north2].map((patientId) =>
        staff().post('/api/smart-meter/connect-device', { patientId, deviceObjectId: device._id }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(errorMessages.devicePaired);
    expect(await currentPairings(device._id)).toHaveLength(1);
  });

  it('adds an unknown device once when two patients connect it at the same moment', async () => {
    const imei = nextImei();
    const results = await Promise.all(
      [north, north2].map((patientId) => connectBodyTrace(w, 'northStaff', patientId, imei)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await inventoryRow('BODYTRACE', imei);
    expect(rows).toHaveLength(1);
    expect(await currentPairings(rows[0]!.id)).toHaveLength(1);
  });

  // PGlite runs one statement at a time, so a delete and a pairing cannot overlap there.
  it.runIf(onPostgres)(
    'a pairing that comes while the device is being deleted or deactivated waits for it and is refused (PostgreSQL only)',
    async () => {
      // The change holds its transaction open a moment after its write; the connect arrives inside it.
      const raceWith = async (
        slowed: string,
        change: (deviceId: string) => Promise<{ statusCode: number }>,
      ) => {
        const imei = nextImei();
        const { _id } = await addInventoryDevice(w, {
          brand: 'BODYTRACE',
          serialNumber: imei,
          clinicId: ids.north,
        });
        const slow = { table: 'devices', operation: 'update' as const, when: slowed, ms: 400 };
        return whileSlowing(db(), slow, async () => {
          const changed = change(_id);
          await new Promise((r) => setTimeout(r, 100));
          const connect = await connectBodyTrace(w, 'northStaff', north, imei);
          return { deviceId: _id, changed: (await changed).statusCode, connect };
        });
      };

      const deleted = await raceWith('new.deleted_at is not null', (id) =>
        w.as('circleAdmin').delete(`/api/devices/${id}`),
      );
      expect(deleted.changed).toBe(200);
      expect(deleted.connect.statusCode).toBe(409);
      expect(deleted.connect.json().message).toBe(errorMessages.deviceJustDeleted);
      expect(await currentPairings(deleted.deviceId)).toHaveLength(0);

      const deactivated = await raceWith("new.status = 'deactivated'", (id) =>
        w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: id }),
      );
      expect(deactivated.changed).toBe(200);
      expect(deactivated.connect.statusCode).toBe(409);
      expect(deactivated.connect.json().message).toBe(errorMessages.deviceIsDeactivated);
      expect(await currentPairings(deactivated.deviceId)).toHaveLength(0);
    },
  );

  it('keeps one current pairing per device in the database itself', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', north, device);
    const now = w.t.clock.now();
    await expect(
      db()
        .insert(patientDevices)
        .values({ clinicId: ids.north, patientId: north2, deviceId: device._id, pairedAt: now }),
    ).rejects.toThrow();
  });
});

describe('Withings activation', () => {
  const operator: AuthUser = {
    id: ids.circleAdmin,
    sessionId: '10000000-0000-4000-8000-00000000aaaa',
    role: { type: 'CARE_NAVIGATOR', access: 'ADMIN', portal: 'CIRCLE' },
    clinicId: null,
    firstName: 'Admin',
    lastName: 'Fixture',
  };
  const service = (activateWithings: WithingsActivation) =>
    createDevicesService({
      db: db(),
      clock: w.t.clock,
      audit: createAuditService({ clock: w.t.clock }),
      activateWithings,
    });

  it("asks Withings before the pairing's transaction, which stores what Withings answered", async () => {
    const stock = await addInventoryDevice(w, { brand: 'Withings', clinicId: ids.north, type: 'Scale' });
    const asked: { id: string; serialNumber: string }[] = [];
    const stored: string[] = [];
    const activate: WithingsActivation = async (device) => {
      asked.push(device);
      // No transaction waits on Withings: the device is not locked (NOWAIT would throw), nothing is paired.
      await db().select().from(devices).where(eq(devices.id, device.id)).for('update', { noWait: true });
      expect(await currentPairings(device.id)).toEqual([]);
      return async (tx, deviceId) => {
        const [pairing] = await tx
          .select()
          .from(patientDevices)
          .where(and(eq(patientDevices.deviceId, deviceId), isNull(patientDevices.deletedAt)));
        expect(pairing).toMatchObject({ patientId: north2, status: 'active' });
        stored.push(deviceId);
      };
    };
    const result = await service(activate).connect(
      operator,
      'Withings',
      north2,
      { macAddress: stock.serialNumber, deviceName: 'Scale' },
      null,
    );
    expect(result.message).toBe(toasts.pairSuccessful);
    expect(asked).toEqual([{ id: stock._id, serialNumber: stock.serialNumber }]);
    expect(stored).toEqual([stock._id]);

    // A device new to the inventory is activated under the id it is then added with.
    const mac = nextMac();
    await service(activate).addDevice(
      operator,
      'Withings',
      north2,
      { serialNumber: mac, type: 'Scale' },
      null,
    );
    const [added] = await inventoryRow('Withings', macSerial(mac));
    expect(asked[1]).toEqual({ id: added!.id, serialNumber: macSerial(mac) });
    expect(stored[1]).toBe(added!.id);
  });

  it('asks Withings nothing for a patient out of reach, or a device that cannot be paired', async () => {
    const asked: string[] = [];
    const activate = service(async (device) => {
      asked.push(device.serialNumber);
      return async () => undefined;
    });
    const paired = await addInventoryDevice(w, { brand: 'Withings', clinicId: ids.north, type: 'Scale' });
    const pairedFirst = await staff().post(`/api/withings/connect-device/${north}`, {
      macAddress: paired.serialNumber,
      deviceName: 'Scale',
    });
    expect(pairedFirst.statusCode, pairedFirst.body).toBe(201);
    const southern = await addInventoryDevice(w, { brand: 'Withings', clinicId: ids.south, type: 'Scale' });
    const stopped = await addInventoryDevice(w, { brand: 'Withings', clinicId: ids.north, type: 'Scale' });
    await w.as('circleAdmin').post('/api/withings/Updatesimstatus', { deviceObjectId: stopped._id });
    for (const [serialNumber, message] of [
      [paired.serialNumber, errorMessages.devicePaired],
      [southern.serialNumber, errorMessages.deviceOtherClinic],
      [stopped.serialNumber, errorMessages.deviceIsDeactivated],
    ] as const) {
      await expect(
        activate.connect(operator, 'Withings', north2, { macAddress: serialNumber }, null),
      ).rejects.toMatchObject({ code: 'CONFLICT', message });
    }
    await expect(
      activate.addDevice(
        operator,
        'Withings',
        '10000000-0000-4000-8000-00000000ffff',
        { serialNumber: nextMac(), type: 'Scale' },
        null,
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(asked).toEqual([]);
  });

  it('stores nothing when the activation fails', async () => {
    const mac = nextMac();
    const failing = service(async () => {
      throw new Error('Withings refused the activation');
    });
    await expect(failing.connect(operator, 'Withings', north, { macAddress: mac }, null)).rejects.toThrow(
      'Withings refused',
    );
    expect(await inventoryRow('Withings', macSerial(mac))).toEqual([]);
    await expect(
      failing.addDevice(operator, 'Withings', north, { serialNumber: mac, type: 'Scale' }, null),
    ).rejects.toThrow('Withings refused');
    expect(await inventoryRow('Withings', macSerial(mac))).toEqual([]);
  });
});
