import {
  type ConnectedDevice,
  type DeviceBrand,
  type DeviceSource,
  type DeviceType,
  deviceBrandLabels,
  type FreeDevice,
  type InventoryDevice,
  shownDeviceStatus,
  sourceBrand,
  type UnrecognisedDevice,
  unrecognisedReasons,
} from '@vigil/core';
import type { DeviceRow, PatientDeviceRow, UnrecognisedDeviceRow } from '../../db/schema/index.js';
import type { InventoryRecord } from './devices.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const brandOf = (d: DeviceRow) => d.brand as DeviceBrand;
const typeOf = (d: DeviceRow) => d.type as DeviceType | null;

/** How the audit trail names a device: 'BodyTrace device 012345678901234'. */
export function deviceLabel(d: { brand: string; serialNumber: string }) {
  const brand = deviceBrandLabels[d.brand as DeviceBrand] ?? d.brand;
  // 'eDevice 0A:1B…', not 'eDevice device 0A:1B…'.
  return `${brand}${/device$/i.test(brand) ? '' : ' device'} ${d.serialNumber}`;
}

/** A row of the inventory with the spec's field names (administration 3); `deviceId` is the identifier. */
export function toInventoryDevice({ device: d, clinicName, pairing }: InventoryRecord): InventoryDevice {
  return {
    _id: d.id,
    id: d.id,
    deviceId: d.serialNumber,
    serialNumber: d.serialNumber,
    device_imei: d.brand === 'Smart Meter' || d.brand === 'Pylo' ? d.serialNumber : null,
    hubSerialNumber: d.hubSerialNumber,
    name: d.name,
    brand: brandOf(d),
    type: typeOf(d),
    clinicId: d.clinicId ? { _id: d.clinicId, name: clinicName ?? '' } : null,
    patientId: pairing
      ? {
          _id: pairing.patientId,
          firstName: pairing.firstName,
          lastName: pairing.lastName,
          connectedDevices: { status: pairing.status },
        }
      : null,
    status: d.status,
    statusShown: shownDeviceStatus(pairing?.status ?? d.status),
    isValid: d.status === 'active' && d.deletedAt === null,
    battery: d.battery,
    lastConnectedAt: iso(d.lastConnectedAt),
    lastSeenAt: iso(d.lastSeenAt),
    createdAt: d.createdAt.toISOString(),
  };
}

/**
 * One pairing as the patient form's tables show it (spec patients 3: Connected device). `_id` is the
 * pairing's own id (a device paired twice has two rows of history); `device._id` is the inventory device,
 * the `deviceObjectId` of the pairing calls.
 */
export function toConnectedDevice(pairing: PatientDeviceRow, d: DeviceRow): ConnectedDevice {
  const removed = pairing.deletedAt !== null;
  // The device's last times and battery are its latest, whoever had it: a pairing shows them only from
  // while it held the device. Not what the device did before (in stock, or for an earlier patient), nor,
  // once removed, for the next patient, who may be another clinic's.
  // The same holds for the battery, by when the device reported it, and for its hub and name, which a
  // removed pairing keeps as they were at its removal.
  const held = (time: Date | null) =>
    time && time >= pairing.pairedAt && (!removed || time <= pairing.deletedAt!) ? time.toISOString() : null;
  const name = removed ? pairing.deviceName : (pairing.deviceName ?? d.name);
  return {
    _id: pairing.id,
    name,
    brand: brandOf(d),
    type: typeOf(d),
    deviceId: d.serialNumber,
    battery: !removed && held(d.batteryReportedAt) ? d.battery : null,
    serialNumber: d.serialNumber,
    hub: removed ? pairing.hubSerialNumber : d.hubSerialNumber,
    createdAt: pairing.createdAt.toISOString(),
    lastConnectedAt: held(d.lastConnectedAt),
    lastSeenAt: held(d.lastSeenAt),
    pairedAt: pairing.pairedAt.toISOString(),
    unpairedAt: iso(pairing.unpairedAt),
    deletedAt: iso(pairing.deletedAt),
    status: pairing.status,
    device: {
      _id: d.id,
      brand: brandOf(d),
      name: removed ? pairing.deviceName : d.name,
      type: typeOf(d),
      deviceId: d.serialNumber,
      serialNumber: d.serialNumber,
      lastConnectedAt: held(d.lastConnectedAt),
      patientId: pairing.patientId,
      status: d.status,
    },
  };
}

export const toFreeDevice = (d: DeviceRow): FreeDevice => ({
  _id: d.id,
  imei: d.serialNumber,
  serialNumber: d.serialNumber,
  type: typeOf(d),
});

export const toUnrecognisedDevice = (r: UnrecognisedDeviceRow): UnrecognisedDevice => ({
  _id: r.id,
  source: r.source as DeviceSource,
  brand: sourceBrand[r.source as DeviceSource],
  identifier: r.identifier,
  type: r.deviceType as DeviceType | null,
  hubSerialNumber: r.hubSerialNumber,
  // Stored as a key of the core's `unrecognisedReasons`; shown as its wording.
  reason: unrecognisedReasons[r.reason as keyof typeof unrecognisedReasons] ?? r.reason,
  firstSeenAt: r.firstSeenAt.toISOString(),
  lastSeenAt: r.lastSeenAt.toISOString(),
  count: r.count,
});
