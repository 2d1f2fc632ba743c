import {
  type DeviceBrand,
  type DeviceType,
  deviceBrandLabels,
  deviceBrands,
  deviceLabels,
  deviceTypes,
  formatDate,
  type InventoryDevice,
  identifierAccepted,
  serialNumberShown,
  type UnrecognisedDevice,
  unrecognisedReasons,
} from '@vigil/core';

/**
 * Last Seen (spec administration 4): the latest of the last reading, the last payload and the creation,
 * as MM/DD/YYYY, or 'Never Connected' when there is none.
 */
export function lastSeenText(
  device: Pick<InventoryDevice, 'lastConnectedAt' | 'lastSeenAt' | 'createdAt'>,
): string {
  const times = [device.lastConnectedAt, device.lastSeenAt, device.createdAt]
    .filter((t): t is string => Boolean(t))
    .map((t) => new Date(t).getTime())
    .filter((t) => !Number.isNaN(t));
  return times.length === 0 ? deviceLabels.neverConnected : formatDate(Math.max(...times));
}

/** The Device ID column: the serial number of every brand but Withings, whose serial is its MAC address. */
export const deviceIdText = (device: InventoryDevice) =>
  device.brand === 'Withings' ? '' : device.serialNumber;

/** The MAC Address column: a Withings device's serial number, with the colons it is usually printed with. */
export const macAddressText = (device: InventoryDevice) =>
  device.brand === 'Withings' ? serialNumberShown(device.brand, device.serialNumber) : '';

export const patientName = (device: InventoryDevice) =>
  device.patientId ? `${device.patientId.firstName} ${device.patientId.lastName}` : '';

/** What the row menu offers between Edit and Deactivate (spec administration 4: Device row menu). */
export type DeviceRemoval = 'unlink' | 'delete';

/** A device with a patient is unlinked; one without, or whose pairing is disabled, is deleted. */
export function removalOf(device: InventoryDevice): DeviceRemoval {
  return device.patientId && device.patientId.connectedDevices.status !== 'disabled' ? 'unlink' : 'delete';
}

export const canDeactivate = (device: InventoryDevice) => device.status !== 'deactivated';

/** The identifier's label on the form, which follows the brand. */
export function identifierLabel(brand: DeviceBrand | undefined): string {
  switch (brand) {
    case 'Withings':
      return deviceLabels.macAddress;
    case 'Smart Meter':
    case 'Pylo':
    case 'BODYTRACE':
      return deviceLabels.imei;
    case 'EDEVICE':
      return deviceLabels.bluetoothAddress;
    case 'Tenovi':
      return deviceLabels.deviceId;
    default:
      return deviceLabels.serialNumber;
  }
}

export const isDeviceBrand = (value: string | null): value is DeviceBrand =>
  (deviceBrands as readonly (string | null)[]).includes(value);

export const isDeviceType = (value: string | null): value is DeviceType =>
  (deviceTypes as readonly (string | null)[]).includes(value);

export const brandLabel = (brand: string) => (isDeviceBrand(brand) ? deviceBrandLabels[brand] : brand);

/** An unrecognised delivery's reason in words: the server sends the wording, a key is put in words too. */
export function reasonText(reason: string): string {
  return reason in unrecognisedReasons
    ? unrecognisedReasons[reason as keyof typeof unrecognisedReasons]
    : reason;
}

/**
 * What the operator can do with an unrecognised device: add one the inventory does not hold, if its
 * identifier is one the form takes (a hub sending 'ZZ' as a MAC address names no device that could be
 * added); find one the inventory holds. A Withings user id names no device: nothing to add or find.
 */
export function unrecognisedAction(device: UnrecognisedDevice): 'add' | 'find' | null {
  const reason = reasonText(device.reason);
  if (reason === unrecognisedReasons.unknownDevice) {
    return identifierAccepted(device.brand, device.identifier) ? 'add' : null;
  }
  return reason === unrecognisedReasons.unknownWithingsUser ? null : 'find';
}

/** The name the creation banner gives a device that has none of its own: its brand and type. */
export const deviceDisplayName = (device: InventoryDevice) =>
  device.name ?? [deviceBrandLabels[device.brand], device.type].filter(Boolean).join(' ');
