import type {
  DeviceBrand,
  DeviceSource,
  DeviceStatus,
  DeviceType,
  PairingStatus,
} from './devices.constants.js';

/**
 * A reading as every vendor adapter hands it to `record` (vendors.md, "Normalised reading"): UTC instant,
 * mmHg, bpm and pounds. A payload with no value is a heartbeat.
 */
export interface NormalisedReading {
  source: DeviceSource;
  vendorReadingId: string;
  deviceIdentifier: string;
  takenAt: Date;
  systolic?: number | null;
  diastolic?: number | null;
  heartRate?: number | null;
  weight?: number | null;
  irregular?: boolean | null;
  battery?: number | null;
  signal?: number | null;
}

/** A row of the inventory (GET /devices/search), with the spec's field names (administration 3). */
export interface InventoryDevice {
  _id: string;
  id: string;
  deviceId: string;
  serialNumber: string;
  /** A Smart Meter or Pylo device's IMEI (spec administration 3: the device_imei field); null for the others. */
  device_imei: string | null;
  hubSerialNumber: string | null;
  name: string | null;
  brand: DeviceBrand;
  type: DeviceType | null;
  clinicId: { _id: string; name: string } | null;
  patientId: {
    _id: string;
    firstName: string;
    lastName: string;
    connectedDevices: { status: PairingStatus };
  } | null;
  status: DeviceStatus;
  /** What the Status column shows (spec administration 4: Device status shown). */
  statusShown: string;
  isValid: boolean;
  battery: number | null;
  lastConnectedAt: string | null;
  lastSeenAt: string | null;
  createdAt: string;
}

/** GET /devices/search answer. */
export interface DeviceSearchResult {
  devices: InventoryDevice[];
  count: number;
}

/** One pairing of a patient's device (spec patients 3: Connected device), current or past. */
export interface ConnectedDevice {
  _id: string;
  name: string | null;
  brand: DeviceBrand;
  type: DeviceType | null;
  deviceId: string;
  battery: number | null;
  serialNumber: string;
  hub: string | null;
  createdAt: string;
  lastConnectedAt: string | null;
  lastSeenAt: string | null;
  pairedAt: string;
  unpairedAt: string | null;
  deletedAt: string | null;
  status: PairingStatus;
  device: {
    _id: string;
    brand: DeviceBrand;
    name: string | null;
    type: DeviceType | null;
    deviceId: string;
    serialNumber: string;
    lastConnectedAt: string | null;
    patientId: string;
    /** The inventory's status: a deactivated device's pairing cannot be reconnected. */
    status: DeviceStatus;
  };
}

/** A free device of a clinic offered for pairing (GET /smart-meter, GET /pylo). */
export interface FreeDevice {
  _id: string;
  imei: string;
  serialNumber: string;
  type: DeviceType | null;
}

/** A row of the unrecognised deliveries list (GET /devices/unrecognised). */
export interface UnrecognisedDevice {
  _id: string;
  source: DeviceSource;
  brand: DeviceBrand;
  identifier: string;
  /** The type its readings showed, and an eDevice's hub: what 'Add Device' is prefilled with. */
  type: DeviceType | null;
  hubSerialNumber: string | null;
  reason: string;
  firstSeenAt: string;
  lastSeenAt: string;
  count: number;
}
