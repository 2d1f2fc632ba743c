import type { ConnectedDevice, DeviceBrand } from '@vigil/core';

/**
 * The path segment of each brand's pairing calls (spec patients 7; Tenovi from decision 0009). Not the
 * webhook's segment: eDevice is `e-device` here and `edevice` there.
 */
export const pairingSegments: Record<DeviceBrand, string> = {
  Withings: 'withings',
  'Smart Meter': 'smart-meter',
  Pylo: 'pylo',
  BODYTRACE: 'bodytrace',
  EDEVICE: 'e-device',
  Tenovi: 'tenovi',
};

/** Smart Meter and Pylo name the patient in the body rather than in the path (spec patients 7). */
export const patientInBody = (brand: DeviceBrand) => brand === 'Smart Meter' || brand === 'Pylo';

/** A pairing change: the patient, and the pairing as the Connected Devices table lists it. */
export interface PairingVariables {
  patientId: string;
  device: ConnectedDevice;
}

/**
 * The body that names a paired device to disconnect or reconnect: its IMEI (BodyTrace), its Bluetooth
 * address (eDevice, with the hub on reconnect), else the inventory device's id.
 */
export function pairedDeviceBody({ patientId, device }: PairingVariables, reconnect: boolean): object {
  switch (device.brand) {
    case 'BODYTRACE':
      return { imei: device.serialNumber };
    case 'EDEVICE':
      return reconnect
        ? { BTAddress: device.serialNumber, hubSerialNumber: device.hub }
        : { BTAddress: device.serialNumber };
    case 'Smart Meter':
    case 'Pylo':
      return { patientId, deviceObjectId: device.device._id };
    default:
      return { deviceObjectId: device.device._id };
  }
}

/** PUT /{brand}/{action}/{patientId}, or /{brand}/{action} for the brands that take the patient in the body. */
export function pairingPath(brand: DeviceBrand, action: string, patientId: string): string {
  const base = `/${pairingSegments[brand]}/${action}`;
  return patientInBody(brand) ? base : `${base}/${encodeURIComponent(patientId)}`;
}
