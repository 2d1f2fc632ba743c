import { type DeviceBrand, type DeviceType, imeiWithCheckDigit } from '@vigil/core';
import { adaptBodyTrace } from '../../features/ingestion/adapters/bodytrace.adapter.js';
import { adaptEDevice } from '../../features/ingestion/adapters/edevice.adapter.js';
import { adaptPylo } from '../../features/ingestion/adapters/pylo.adapter.js';
import { adaptSmartMeter } from '../../features/ingestion/adapters/smart-meter.adapter.js';
import { adaptTenovi } from '../../features/ingestion/adapters/tenovi.adapter.js';
import { adaptWithingsGroups } from '../../features/ingestion/adapters/withings.adapter.js';
import type { DeviceDelivery } from '../../features/ingestion/ingestion.types.js';
import { fakeWithingsUserId } from '../../integrations/vendors/fake-vendors.js';
import {
  bodyTracePayload,
  eDevicePayload,
  type Measurement,
  pyloPayload,
  smartMeterPayload,
  tenoviPayload,
  type WireDevice,
  withingsMeasureGroup,
} from '../../simulator/wire-formats.js';
import type { devices, readings } from '../schema/index.js';

/**
 * The demo's devices: every brand, paired with patients, free in a clinic, in the operator's stock and
 * deactivated. Their readings are built as each vendor sends them and passed through the webhooks' own
 * adapters, so a seeded reading carries the vendor's id and raw payload as a delivered one would.
 */

/** The stored (encrypted) tokens of a Withings user, as activation leaves them on the device row. */
export type WithingsTokenMaker = (userId: string) => {
  vendorAccessToken: string;
  vendorRefreshToken: string;
};

export interface DemoDevice {
  row: typeof devices.$inferInsert & { id: string };
  wire: WireDevice;
  /** Withings group ids are the vendor's numbers: this device's are its own range. */
  groupIdBase: number;
}

/** Fixed ids: the clinic's number (0 for the operator's stock), then the device's number. */
export const demoDeviceId = (clinicNumber: number, n: number) =>
  `00000000-0000-4000-b00${clinicNumber}-${String(n + 1).padStart(12, '0')}`;

const hex = (value: number, length: number) => value.toString(16).toUpperCase().padStart(length, '0');

/** A well-formed identifier of the brand, different for every (clinic, number). */
export function demoSerialNumber(brand: DeviceBrand, clinicNumber: number, n: number): string {
  const unique = clinicNumber * 10_000 + n;
  switch (brand) {
    case 'BODYTRACE':
      return imeiWithCheckDigit(`0139500${String(unique).padStart(7, '0')}`);
    case 'Smart Meter':
      return imeiWithCheckDigit(`3568100${String(unique).padStart(7, '0')}`);
    case 'Pylo':
      return imeiWithCheckDigit(`8644750${String(unique).padStart(7, '0')}`);
    case 'Withings':
      return `0024E4${hex(unique, 6)}`;
    case 'EDEVICE':
      return `A4C138${hex(unique, 6)}`;
    case 'Tenovi':
      return `TNV${String(unique).padStart(8, '0')}`;
  }
}

export function demoDevice(options: {
  brand: DeviceBrand;
  type: DeviceType;
  clinicNumber: number;
  n: number;
  clinicId: string | null;
  createdAt: Date;
  status?: 'active' | 'deactivated';
}): DemoDevice {
  const { brand, clinicNumber, n } = options;
  const serialNumber = demoSerialNumber(brand, clinicNumber, n);
  const hubSerialNumber =
    brand === 'EDEVICE' ? `EDH-${String(clinicNumber * 10_000 + n).padStart(6, '0')}` : null;
  const vendorUserId = brand === 'Withings' ? fakeWithingsUserId(serialNumber) : null;
  return {
    row: {
      id: demoDeviceId(clinicNumber, n),
      brand,
      type: options.type,
      serialNumber,
      hubSerialNumber,
      name: options.type === 'Scale' ? 'Scale' : 'BP Monitor',
      model: brand === 'EDEVICE' ? (options.type === 'Scale' ? 'A&D UC-352' : 'A&D UA-651') : null,
      clinicId: options.clinicId,
      status: options.status ?? 'active',
      vendorUserId,
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
    },
    wire: { brand, serialNumber, hubSerialNumber, vendorUserId },
    groupIdBase: (clinicNumber * 10_000 + n) * 100_000,
  };
}

/** The adapter of the device's webhook over the payload its vendor would send for the measurement. */
function deliver({ wire: device, groupIdBase }: DemoDevice, m: Measurement): DeviceDelivery[] {
  switch (device.brand) {
    case 'BODYTRACE':
      // Both generations of BodyTrace field names occur in the field; every third reading uses the older.
      return adaptBodyTrace(bodyTracePayload(device, m, m.sequence % 3 === 0));
    case 'Tenovi':
      return adaptTenovi(tenoviPayload(device, m));
    case 'Smart Meter':
      return adaptSmartMeter(smartMeterPayload(device, m));
    case 'Pylo':
      return adaptPylo(pyloPayload(device, m));
    case 'EDEVICE':
      return adaptEDevice(eDevicePayload(device, m));
    case 'Withings':
      return adaptWithingsGroups(
        [withingsMeasureGroup(device, m, groupIdBase + m.sequence)],
        device.serialNumber,
      );
  }
}

/** A device reading as the webhook would have stored it: the adapter's values, vendor id and raw payload. */
export function deviceReadingRow(
  device: DemoDevice,
  m: Measurement,
  owner: { clinicId: string; patientId: string },
): typeof readings.$inferInsert {
  const reading = deliver(device, m)[0]?.readings[0];
  if (!reading) throw new Error(`The ${device.wire.brand} adapter found no reading in a demo measurement`);
  return {
    clinicId: owner.clinicId,
    patientId: owner.patientId,
    takenAt: reading.takenAt,
    // No vendor reports a zone with a reading: none is stored, as the webhook stores none.
    timeZone: null,
    systolic: reading.systolic ?? null,
    diastolic: reading.diastolic ?? null,
    heartRate: reading.heartRate ?? null,
    weightLbs: reading.weight ?? null,
    source: reading.source,
    vendorReadingId: reading.vendorReadingId,
    deviceId: device.row.id,
    raw: reading.raw,
  };
}
