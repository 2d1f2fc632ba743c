import { errorMessages, type InventoryDevice, messages, toasts } from '@vigil/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, devices, patientDevices } from '../../db/schema/index.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';
import { addInventoryDevice, macSerial, nextImei, nextMac, pickDevice } from './device-fixtures.js';

/** The device inventory (spec administration 2-7, decision 0009): adding, editing and the row menu. */
let w: World;
let patientId: string;
beforeAll(async () => {
  w = await createWorld();
  patientId = await addPatient(w, 'northStaff', patientBody());
});
afterAll(() => w.close());

const db = () => w.t.app.vigil.database.db;
const admin = () => w.as('circleAdmin');

async function rowCounts() {
  const [d] = await db().select({ n: count() }).from(devices);
  const [p] = await db().select({ n: count() }).from(patientDevices);
  const [a] = await db().select({ n: count() }).from(auditEvents);
  return { devices: d!.n, pairings: p!.n, audit: a!.n };
}

async function getDevice(id: string): Promise<InventoryDevice> {
  const res = await admin().get(`/api/devices/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.device;
}

describe('adding a device', () => {
  it('answers 201 with the inventory row, its identifier upper-cased', async () => {
    const mac = nextMac();
    const res = await admin().post('/api/devices', {
      brand: 'Withings',
      type: 'Scale',
      serialNumber: mac,
      clinicId: ids.north,
    });
    expect(res.statusCode, res.body).toBe(201);
    const device = res.json().data.device as InventoryDevice;
    expect(device).toMatchObject({
      brand: 'Withings',
      type: 'Scale',
      serialNumber: macSerial(mac),
      deviceId: macSerial(mac),
      device_imei: null,
      clinicId: { _id: ids.north, name: 'North Clinic' },
      patientId: null,
      status: 'active',
      statusShown: 'active',
      isValid: true,
      lastConnectedAt: null,
      lastSeenAt: null,
      createdAt: w.t.clock.now().toISOString(),
    });
    expect(device._id).toBe(device.id);
    expect(await getDevice(device._id)).toEqual(device);

    const tenovi = await admin().post('/api/devices', {
      brand: 'Tenovi',
      type: 'Scale',
      serialNumber: 'gw-abc-1',
    });
    expect(tenovi.statusCode).toBe(201);
    expect(tenovi.json().data.device).toMatchObject({ serialNumber: 'GW-ABC-1', clinicId: null });
    const edevice = await admin().post('/api/devices', {
      brand: 'EDEVICE',
      type: 'Scale',
      serialNumber: 'a4:c1:38:00:00:aa',
      hubSerialNumber: 'hub-9',
      clinicId: '',
    });
    expect(edevice.json().data.device).toMatchObject({
      serialNumber: 'A4C1380000AA',
      hubSerialNumber: 'HUB-9',
    });
    // Smart Meter and Pylo devices name their IMEI as the spec's device_imei (administration 3).
    for (const brand of ['Smart Meter', 'Pylo']) {
      const imei = nextImei();
      const meter = await admin().post('/api/devices', { brand, type: 'Scale', serialNumber: imei });
      expect(meter.json().data.device).toMatchObject({ serialNumber: imei, device_imei: imei });
    }
  });

  it('refuses an identifier its brand already has (409), but another brand may have it', async () => {
    const imei = nextImei();
    const first = await admin().post('/api/devices', {
      brand: 'Smart Meter',
      type: 'Scale',
      serialNumber: imei,
    });
    expect(first.statusCode).toBe(201);
    const before = await rowCounts();
    const again = await admin().post('/api/devices', {
      brand: 'Smart Meter',
      type: 'Scale',
      serialNumber: imei,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: errorMessages.deviceExists,
      fields: { serialNumber: errorMessages.deviceExists },
    });
    expect(await rowCounts()).toEqual(before);
    const pylo = await admin().post('/api/devices', { brand: 'Pylo', type: 'Scale', serialNumber: imei });
    expect(pylo.statusCode).toBe(201);
    // The same MAC in another case or with colons is the same Withings device.
    const mac = nextMac();
    expect(
      (await admin().post('/api/devices', { brand: 'Withings', type: 'Scale', serialNumber: mac }))
        .statusCode,
    ).toBe(201);
    const upper = await admin().post('/api/devices', {
      brand: 'Withings',
      type: 'Scale',
      serialNumber: macSerial(mac),
    });
    expect(upper.statusCode).toBe(409);
  });

  it("answers the form's messages with 400", async () => {
    const before = await rowCounts();
    const fields = async (body: Record<string, unknown>) => {
      const res = await admin().post('/api/devices', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields;
    };
    expect(await fields({ brand: 'Withings', type: 'Scale', serialNumber: '00:24:e4:01' })).toEqual({
      serialNumber: messages.macLength,
    });
    expect(await fields({ brand: 'Smart Meter', type: 'Scale', serialNumber: '12345' })).toEqual({
      serialNumber: messages.imeiLength,
    });
    expect(await fields({ brand: 'Pylo', type: 'Scale', serialNumber: '1234567890123456' })).toEqual({
      serialNumber: messages.imeiLength,
    });
    expect(await fields({})).toEqual({
      brand: messages.required,
      type: messages.required,
      serialNumber: messages.required,
    });
    expect(await fields({ brand: 'Tenovi', type: 'Scale', serialNumber: '   ' })).toEqual({
      serialNumber: messages.required,
    });
    expect(await fields({ brand: 'EDEVICE', type: 'Scale', serialNumber: 'A4:C1:38:0E:11:22' })).toEqual({
      hubSerialNumber: messages.required,
    });
    expect(
      await fields({ brand: 'EDEVICE', type: 'Scale', serialNumber: 'A4:C1', hubSerialNumber: 'H1' }),
    ).toEqual({
      serialNumber: messages.bluetoothLength,
    });
    expect(
      await fields({ brand: 'EDEVICE', type: 'Scale', serialNumber: '--', hubSerialNumber: 'H1' }),
    ).toEqual({
      serialNumber: messages.required,
    });
    // What only an API client can send says what was expected, not 'Required'.
    expect(await fields({ brand: 'Fitbit', type: 'Scale', serialNumber: 'X1' })).toEqual({
      brand: expect.stringMatching(/expected one of .*"Withings"/),
    });
    expect(await fields({ brand: 'Tenovi', type: 'Scale', serialNumber: 'x'.repeat(41) })).toEqual({
      serialNumber: messages.tooLong(40),
    });
    expect(await fields({ brand: 'Tenovi', type: 'Scale', serialNumber: 350000000000001 })).toEqual({
      serialNumber: expect.stringMatching(/expected string, received number/),
    });
    expect(
      await fields({
        brand: 'Tenovi',
        type: 'Scale',
        serialNumber: 'GW-1',
        clinicId: '10000000-0000-4000-8000-0000000fffff',
      }),
    ).toEqual({ clinicId: errorMessages.notFound });
    expect(
      await fields({ brand: 'Tenovi', type: 'Scale', serialNumber: 'GW-1', clinicId: 'x'.repeat(5000) }),
    ).toEqual({
      clinicId: errorMessages.notFound,
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('editing and the row menu', () => {
  it('edits a device; a duplicate identifier is 409, its own is fine', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: null });
    const other = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: null });
    const res = await admin().put(`/api/devices/${device._id}`, {
      brand: 'Smart Meter',
      type: 'Scale',
      serialNumber: device.serialNumber,
      clinicId: ids.south,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.device).toMatchObject({
      type: 'Scale',
      clinicId: { _id: ids.south, name: 'South Clinic' },
    });
    const taken = await admin().put(`/api/devices/${device._id}`, {
      brand: 'Smart Meter',
      type: 'Scale',
      serialNumber: other.serialNumber,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ serialNumber: errorMessages.deviceExists });
    expect((await getDevice(device._id)).serialNumber).toBe(device.serialNumber);
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'device.updated'), eq(auditEvents.entityId, device._id)));
    expect(event!.details).toMatchObject({
      before: { clinicId: null },
      after: { clinicId: ids.south },
      // What changed, said; the clinic not named, as another clinic's patient may read it.
      message: `Edited Smart Meter device ${device.serialNumber} in the inventory: type Blood Pressure Monitor → Scale, given to a clinic`,
    });
  });

  it('answers 404 for an unknown, malformed or deleted device', async () => {
    const body = { brand: 'Tenovi', type: 'Scale', serialNumber: 'GW-404' };
    for (const id of ['10000000-0000-4000-8000-00000000ffff', 'not-a-uuid', '%27%20or%201%3D1']) {
      expect((await admin().get(`/api/devices/${id}`)).statusCode).toBe(404);
      expect((await admin().put(`/api/devices/${id}`, body)).statusCode).toBe(404);
      expect((await admin().delete(`/api/devices/${id}`)).statusCode).toBe(404);
      expect((await admin().post('/api/withings/Updatesimstatus', { deviceObjectId: id })).statusCode).toBe(
        404,
      );
      expect((await admin().put('/api/tenovi/unlink-device', { deviceObjectId: id })).statusCode).toBe(404);
    }
    expect((await admin().get(`/api/devices/${'a'.repeat(100)}`)).statusCode).toBe(404);
    // Longer path parameters stop at Fastify's router (maxParamLength): a client error, never a 5xx.
    expect((await admin().get(`/api/devices/${'a'.repeat(101)}`)).statusCode).toBe(414);
  });

  it('deletes a device without a patient; its identifier can be used again', async () => {
    const device = await addInventoryDevice(w, { brand: 'BODYTRACE', clinicId: ids.north });
    const res = await admin().delete(`/api/devices/${device._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: toasts.deviceDeleted });
    expect((await admin().get(`/api/devices/${device._id}`)).statusCode).toBe(404);
    const [row] = await db().select().from(devices).where(eq(devices.id, device._id));
    expect(row!.deletedAt).toEqual(w.t.clock.now());
    const again = await admin().post('/api/devices', {
      brand: 'BODYTRACE',
      type: 'Scale',
      serialNumber: device.serialNumber,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.device._id).not.toBe(device._id);
  });

  it('refuses to delete a device whose patient uses it, and deletes it once disconnected', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', patientId, device);
    const before = await rowCounts();
    const refused = await admin().delete(`/api/devices/${device._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(errorMessages.devicePaired);
    expect(await rowCounts()).toEqual(before);

    const off = await w
      .as('northStaff')
      .put('/api/smart-meter/disconnect-device', { patientId, deviceObjectId: device._id });
    expect(off.statusCode).toBe(200);
    expect((await getDevice(device._id)).statusShown).toBe('unlinked');
    expect((await admin().delete(`/api/devices/${device._id}`)).statusCode).toBe(200);
    const pairings = await db().select().from(patientDevices).where(eq(patientDevices.deviceId, device._id));
    expect(pairings).toEqual([expect.objectContaining({ status: 'disabled', deletedAt: w.t.clock.now() })]);
    // The patient's history keeps it.
    const history = (await w.as('northStaff').get(`/api/devices?inputVal=&patientId=${patientId}`)).json()
      .devices;
    expect(history.find((d: { device: { _id: string } }) => d.device._id === device._id)).toMatchObject({
      deletedAt: w.t.clock.now().toISOString(),
    });
  });

  it('deactivates a device of any brand: no longer valid, shown deactivated, cannot be paired', async () => {
    const device = await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.north });
    const res = await admin().post('/api/withings/Updatesimstatus', {
      deviceObjectId: device._id,
      patientId: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: toasts.deviceDeactivated,
      device: { _id: device._id, status: 'deactivated', statusShown: 'deactivated', isValid: false },
    });
    expect(
      (await admin().post('/api/withings/Updatesimstatus', { deviceObjectId: device._id })).statusCode,
    ).toBe(200);
    const pair = await w
      .as('northStaff')
      .post('/api/pylo/connect-device', { patientId, deviceObjectId: device._id, deviceName: 'Cuff' });
    expect(pair.statusCode).toBe(409);
    expect(pair.json().message).toBe(errorMessages.deviceIsDeactivated);
    // A patient's connected device is disconnected with it: its pairing's status (spec administration 4),
    // which the inventory shows, and the patient's table, no longer say it takes readings.
    const paired = await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.north });
    await pickDevice(w, 'northStaff', patientId, paired);
    const off = await admin().post('/api/withings/Updatesimstatus', {
      deviceObjectId: paired._id,
      patientId,
    });
    expect(off.json().device).toMatchObject({
      status: 'deactivated',
      statusShown: 'unlinked',
      isValid: false,
      patientId: { _id: patientId, connectedDevices: { status: 'disabled' } },
    });
    const table = await w.as('northStaff').get(`/api/devices?inputVal=&patientId=${patientId}`);
    expect(table.statusCode, table.body).toBe(200);
    expect(
      table.json().devices.find((d: { device: { _id: string } }) => d.device._id === paired._id),
    ).toMatchObject({ status: 'disabled', unpairedAt: w.t.clock.now().toISOString() });
  });

  it('unlinks a device from its patient: the device is free, the pairing is history', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', patientId, device);
    expect((await getDevice(device._id)).patientId?._id).toBe(patientId);
    const wrongBrand = await admin().put('/api/pylo/unlink-device', { deviceObjectId: device._id });
    expect(wrongBrand.statusCode).toBe(404);
    const res = await admin().put('/api/smart-meter/unlink-device', { deviceObjectId: device._id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: toasts.deviceUnlinked });
    expect(await getDevice(device._id)).toMatchObject({ patientId: null, statusShown: 'active' });
    const [pairing] = await db().select().from(patientDevices).where(eq(patientDevices.deviceId, device._id));
    expect(pairing).toMatchObject({ deletedAt: w.t.clock.now(), status: 'disabled' });
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'device.removed'), eq(auditEvents.entityId, device._id)));
    expect(event).toMatchObject({ patientId, actorUserId: ids.circleAdmin, clinicId: ids.north });
    // Free again: another pairing is possible.
    await pickDevice(w, 'northStaff', patientId, device);
  });

  it('keeps a paired device in its patient’s clinic', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', patientId, device);
    const move = await admin().put(`/api/devices/${device._id}`, {
      brand: 'Smart Meter',
      type: 'Scale',
      serialNumber: device.serialNumber,
      clinicId: ids.south,
    });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject({
      message: errorMessages.devicePairedClinic,
      fields: { clinicId: errorMessages.devicePairedClinic },
    });
    const stay = await admin().put(`/api/devices/${device._id}`, {
      brand: 'Smart Meter',
      type: 'Scale',
      serialNumber: device.serialNumber,
      clinicId: ids.north,
    });
    expect(stay.statusCode).toBe(200);
  });

  it("keeps a paired device's brand and identifier, by which its readings find the patient", async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    await pickDevice(w, 'northStaff', patientId, device);
    const edit = (changes: Record<string, string>) =>
      admin().put(`/api/devices/${device._id}`, {
        brand: 'Smart Meter',
        type: 'Scale',
        serialNumber: device.serialNumber,
        clinicId: ids.north,
        ...changes,
      });
    // Refused under the field changed, for the form to show it there.
    for (const [changes, field] of [
      [{ brand: 'Pylo' }, 'brand'],
      [{ serialNumber: '111111111111111' }, 'serialNumber'],
    ] as const) {
      const refused = await edit(changes);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: errorMessages.devicePairedIdentity,
        fields: { [field]: errorMessages.devicePairedIdentity },
      });
    }
    const [row] = await db().select().from(devices).where(eq(devices.id, device._id));
    expect(row).toMatchObject({ brand: 'Smart Meter', serialNumber: device.serialNumber });
    // Its type is no part of how readings find it.
    expect((await edit({ type: 'Blood Pressure Monitor' })).statusCode).toBe(200);
    // Unlinked, it keeps them still: its late readings find the patient who held it by them.
    const unlinked = await admin().put('/api/smart-meter/unlink-device', { deviceObjectId: device._id });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const renamed = await edit({ serialNumber: '222222222222222' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      message: errorMessages.devicePairingHistory,
      fields: { serialNumber: errorMessages.devicePairingHistory },
    });
    // A device never paired is corrected freely.
    const fresh = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const corrected = await admin().put(`/api/devices/${fresh._id}`, {
      brand: 'Pylo',
      type: 'Scale',
      serialNumber: '333333333333333',
      clinicId: ids.north,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
  });
});

describe('who may change the inventory', () => {
  it('refuses every change to clinic users with 403, and changes nothing', async () => {
    const device = await addInventoryDevice(w, { brand: 'Smart Meter', clinicId: ids.north });
    const before = await rowCounts();
    const body = { brand: 'Smart Meter', type: 'Scale', serialNumber: nextImei(), clinicId: ids.north };
    for (const who of ['northPhysician', 'northStaff', 'southPhysician'] as const) {
      const as = w.as(who);
      for (const res of [
        await as.post('/api/devices', body),
        await as.put(`/api/devices/${device._id}`, body),
        await as.delete(`/api/devices/${device._id}`),
        await as.post('/api/withings/Updatesimstatus', { deviceObjectId: device._id }),
        await as.put('/api/smart-meter/unlink-device', { deviceObjectId: device._id }),
        // Before the input is read: what was sent, right or wrong, tells a clinic user nothing.
        await as.post('/api/devices', {}),
        await as.put(`/api/devices/${device._id}`, { brand: 'Smart Meter' }),
        await as.put('/api/devices/not-an-id', body),
        await as.delete('/api/devices/not-an-id'),
        await as.post('/api/withings/Updatesimstatus', {}),
        await as.put('/api/pylo/unlink-device', {}),
        await as.get('/api/devices/unrecognised?page=x'),
      ]) {
        expect(res.statusCode, `${who} ${res.body}`).toBe(403);
        expect(res.json().message).toBe(errorMessages.forbidden);
      }
    }
    expect(await rowCounts()).toEqual(before);
    // Every operator user may.
    expect((await w.as('navigatorA').post('/api/devices', body)).statusCode).toBe(201);
  });

  it("shows a clinic user their clinic's devices only: any other is 404", async () => {
    const north = await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.north });
    const south = await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.south });
    const stock = await addInventoryDevice(w, { brand: 'Pylo', clinicId: null });
    expect((await w.as('northStaff').get(`/api/devices/${north._id}`)).json().data.device._id).toBe(
      north._id,
    );
    expect((await w.as('northStaff').get(`/api/devices/${south._id}`)).statusCode).toBe(404);
    expect((await w.as('northStaff').get(`/api/devices/${stock._id}`)).statusCode).toBe(404);
    expect((await w.as('southPhysician').get(`/api/devices/${north._id}`)).statusCode).toBe(404);
    expect((await w.as('navigatorA').get(`/api/devices/${south._id}`)).statusCode).toBe(200);
  });
});
