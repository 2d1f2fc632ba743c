import { type ConnectedDevice, type DeviceBrand, devicePathSegments } from '@vigil/core';

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
  const base = `/${devicePathSegments[brand]}/${action}`;
  return patientInBody(brand) ? base : `${base}/${encodeURIComponent(patientId)}`;
}
