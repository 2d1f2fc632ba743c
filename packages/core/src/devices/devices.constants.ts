/**
 * Every brand a device can be (spec administration 3 and patients 9, with Tenovi of vendors.md). The stored
 * value is the spec's spelling; `deviceBrandLabels` is what a screen shows.
 */
export const deviceBrands = ['Withings', 'Smart Meter', 'Pylo', 'BODYTRACE', 'EDEVICE', 'Tenovi'] as const;
export type DeviceBrand = (typeof deviceBrands)[number];

export const deviceBrandLabels: Record<DeviceBrand, string> = {
  Withings: 'Withings',
  'Smart Meter': 'Smart Meter',
  Pylo: 'Pylo',
  BODYTRACE: 'BodyTrace',
  EDEVICE: 'eDevice',
  Tenovi: 'Tenovi',
};

/** The reading `source` a brand's webhook stores (readings.source). */
export const deviceBrandSource: Record<DeviceBrand, DeviceSource> = {
  Withings: 'WITHINGS',
  'Smart Meter': 'SMART_METER',
  Pylo: 'PYLO',
  BODYTRACE: 'BODYTRACE',
  EDEVICE: 'EDEVICE',
  Tenovi: 'TENOVI',
};
export const deviceSources = ['BODYTRACE', 'WITHINGS', 'TENOVI', 'SMART_METER', 'PYLO', 'EDEVICE'] as const;
export type DeviceSource = (typeof deviceSources)[number];

/** The brand whose webhook stores a source: the inverse of `deviceBrandSource`. */
export const sourceBrand: Record<DeviceSource, DeviceBrand> = {
  BODYTRACE: 'BODYTRACE',
  WITHINGS: 'Withings',
  TENOVI: 'Tenovi',
  SMART_METER: 'Smart Meter',
  PYLO: 'Pylo',
  EDEVICE: 'EDEVICE',
};

/** The webhook path segment of each source: POST /api/webhooks/{segment}. */
export const webhookPaths: Record<DeviceSource, string> = {
  BODYTRACE: 'bodytrace',
  WITHINGS: 'withings',
  TENOVI: 'tenovi',
  SMART_METER: 'smart-meter',
  PYLO: 'pylo',
  EDEVICE: 'edevice',
};

/**
 * The path segment of each brand's pairing and unlink calls (spec patients 7: `/bodytrace/...`,
 * `/e-device/...`; decision 0009 for Tenovi and unlink). Not the webhook's: eDevice's webhook is `edevice`.
 */
export const devicePathSegments = {
  Withings: 'withings',
  'Smart Meter': 'smart-meter',
  Pylo: 'pylo',
  BODYTRACE: 'bodytrace',
  EDEVICE: 'e-device',
  Tenovi: 'tenovi',
} as const satisfies Record<DeviceBrand, string>;

/** Brands paired by picking one of the clinic's free devices from a list (spec patients 5). */
export const pickedBrands = ['Smart Meter', 'Pylo'] as const;

export const deviceTypes = ['Blood Pressure Monitor', 'Scale'] as const;
export type DeviceType = (typeof deviceTypes)[number];

/** The inventory status of a device; a pairing's own status is `PairingStatus`. */
export const deviceStatuses = ['active', 'deactivated'] as const;
export type DeviceStatus = (typeof deviceStatuses)[number];
export const pairingStatuses = ['active', 'disabled'] as const;
export type PairingStatus = (typeof pairingStatuses)[number];

/** What the inventory shows for a status (spec administration 4: 'disabled' is shown as 'unlinked'). */
export const shownDeviceStatus = (status: DeviceStatus | PairingStatus) =>
  status === 'disabled' ? 'unlinked' : status;

export const imeiLength = 15;
export const macLength = 12;
export const devicePageSize = 10;
export const devicesDefaultSort = { field: 'createdAt', order: 'desc' } as const;
/** Columns of the inventory a user can sort by (spec administration 2). */
export const deviceSortFields = [
  'serialNumber',
  'macAddress',
  'type',
  'clinic',
  'patient',
  'lastSeen',
  'status',
  'createdAt',
] as const;
export type DeviceSortField = (typeof deviceSortFields)[number];

/** Brands whose devices are deleted (rather than only disconnected) after confirmation. */
export const deletableBrands = ['BODYTRACE', 'EDEVICE', 'Withings', 'Tenovi'] as const;

/** Why a delivery could not be put on a patient, as the device screens list it. */
export const unrecognisedReasons = {
  unknownDevice: 'Not in the inventory',
  unpaired: 'Not paired with a patient',
  disconnected: 'Disconnected from its patient',
  deactivated: 'Device deactivated',
  inactiveClinic: 'Clinic inactive',
  /**
   * A reading a paired device took before its pairing, while no patient held it or its patient had
   * disconnected it: nobody's, and nothing for staff to do about the device.
   */
  beforePairing: 'Taken before its current pairing',
  /** A Withings notification names a user, not a device: none of the inventory is activated for it. */
  unknownWithingsUser: 'Withings user with no activated device',
} as const;
export type UnrecognisedReason = keyof typeof unrecognisedReasons;

/**
 * Physiological ranges of a device reading (vendors.md); a value outside them is refused with 422 and
 * never stored. Weight in pounds.
 */
export const deviceReadingRanges = {
  systolic: { min: 40, max: 300 },
  diastolic: { min: 20, max: 200 },
  heartRate: { min: 20, max: 250 },
  weight: { min: 20, max: 800 },
} as const;
/** A device reading stamped further than this in the future is refused (vendors.md). */
export const futureToleranceMs = 5 * 60_000;

/** Withings Measure API types the product keeps (vendors.md): weight (kg), diastolic, systolic, heart pulse. */
export const withingsMeasureTypes = { weight: 1, diastolic: 9, systolic: 10, pulse: 11 } as const;

/** Unit conversions at the edge (vendors.md). */
export const pascalsPerMmHg = 133.322;
export const gramsPerPound = 453.59237;
export const poundsPerKilogram = 2.2046226218;
