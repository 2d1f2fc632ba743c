/** Brands of the inventory screens (spec administration 9). */
export const deviceBrands = ['Withings', 'Smart Meter', 'Pylo'] as const;
export type DeviceBrand = (typeof deviceBrands)[number];

/** Brands a patient's device can be paired from (spec patients 9). */
export const pairingBrands = ['BODYTRACE', 'EDEVICE', 'Withings', 'Smart Meter', 'Pylo'] as const;
export type PairingBrand = (typeof pairingBrands)[number];

export const deviceTypes = ['Blood Pressure Monitor', 'Scale'] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const imeiLength = 15;
export const macLength = 12;
export const devicePageSize = 10;
export const devicesDefaultSort = { field: 'createdAt', order: 'desc' } as const;

/** Brands whose devices are deleted (rather than only disconnected) after confirmation. */
export const deletableBrands = ['BODYTRACE', 'EDEVICE', 'Withings'] as const;
