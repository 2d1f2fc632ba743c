import type { ConnectedDevice, DeviceBrand, DeviceType, InventoryDevice } from '@vigil/core';
import { expect } from 'vitest';
import type { Who, World } from '../patients/patient-fixtures.js';

/** Identifiers for the device API tests, unique within a test run. */
let counter = 0;
export function nextImei(): string {
  counter += 1;
  return `35${String(counter).padStart(13, '0')}`;
}
export function nextMac(): string {
  counter += 1;
  return `00:24:e4:${String(counter)
    .padStart(6, '0')
    .replace(/(..)(..)(..)/, '$1:$2:$3')}`;
}
export const macSerial = (mac: string) => mac.replaceAll(':', '').toUpperCase();

/** The identifier each brand's inventory form takes. */
export function nextSerial(brand: DeviceBrand): string {
  if (brand === 'Withings') return nextMac();
  if (brand === 'Tenovi') return `tv-${nextImei().slice(-6)}`;
  if (brand === 'EDEVICE') return `a4:c1:38:${nextImei().slice(-6)}`;
  return nextImei();
}

export interface NewInventoryDevice {
  brand: DeviceBrand;
  type?: DeviceType;
  serialNumber?: string;
  hubSerialNumber?: string | null;
  clinicId?: string | null;
}

/** Adds a device through POST /api/devices as the operator's administrator. */
export async function addInventoryDevice(w: World, device: NewInventoryDevice): Promise<InventoryDevice> {
  const res = await w.as('circleAdmin').post('/api/devices', {
    type: 'Blood Pressure Monitor',
    serialNumber: nextSerial(device.brand),
    ...(device.brand === 'EDEVICE' ? { hubSerialNumber: 'hub-1' } : {}),
    ...device,
  });
  if (res.statusCode !== 201) throw new Error(`add device failed: ${res.statusCode} ${res.body}`);
  return res.json().data.device;
}

/** Pairs an inventory Smart Meter or Pylo device with a patient (the patient named in the body). */
export async function pickDevice(
  w: World,
  who: Who,
  patientId: string,
  device: InventoryDevice,
): Promise<ConnectedDevice> {
  const segment = device.brand === 'Pylo' ? 'pylo' : 'smart-meter';
  const res = await w
    .as(who)
    .post(`/api/${segment}/connect-device`, { patientId, deviceObjectId: device._id, deviceName: 'Cuff' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().device;
}

/** Connects a BodyTrace device by IMEI (added to the patient's clinic when the inventory lacks it). */
export async function connectBodyTrace(w: World, who: Who, patientId: string, imei: string) {
  return w.as(who).post(`/api/bodytrace/connect-device/${patientId}`, { imei, deviceName: 'Scale' });
}
