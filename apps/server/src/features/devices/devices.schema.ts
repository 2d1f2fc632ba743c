import {
  type DeviceBrand,
  DeviceSearchQuery,
  deviceBrands,
  devicePathSegments,
  requiredText,
} from '@vigil/core';
import { z } from 'zod';

/**
 * Request shapes of the device routes that the core's contracts (`DeviceRequest`, `DeviceSearchQuery`,
 * `PairDeviceForm`) do not cover: paths, the bodies that only name a device, the patient device queries.
 * Ids are checked for their shape by the repositories, so a malformed id answers 404; only length is held
 * here, so an oversized one answers 400.
 */
/** 'Required' when missing or empty; a value of another kind says what was expected (decision 0019). */
const required = requiredText;
const anId = required.max(100);
const pathId = z.string().max(100);

export const DeviceIdParams = z.object({ id: pathId });
export const PatientPath = z.object({ patientId: pathId });
export const PatientDevicePath = z.object({ patientId: pathId, id: pathId });
export const PatientImeiPath = z.object({ patientId: pathId, imei: z.string().max(40) });

/** A body that names an inventory device by its `_id` (Withings, Tenovi, unlink). */
export const DeviceObjectBody = z.object({ deviceObjectId: anId });
/** Smart Meter and Pylo name the patient in the body. */
export const PatientDeviceObjectBody = z.object({ patientId: anId, deviceObjectId: anId });
export const ImeiBody = z.object({ imei: required.max(40) });
export const BtAddressBody = z.object({
  BTAddress: required.max(40),
  hubSerialNumber: z.string().trim().max(40).nullish(),
});
/** POST /withings/Updatesimstatus: the patient is the product's, informative only. */
export const DeactivateBody = z.object({ deviceObjectId: anId, patientId: z.string().max(100).nullish() });

/**
 * Connect and add-device bodies: the patient is checked here, the rest by the service with the core's
 * `PairDeviceForm` or `DeviceRequest` once the brand of the path is added, so its field messages are the spec's.
 */
export const PatientFormBody = z.looseObject({ patientId: anId });
export const FormBody = z.record(z.string(), z.unknown());

export const PatientQuery = z.object({ patientId: anId });
export const PatientDevicesQuery = z.object({
  inputVal: z.string().trim().max(100).default(''),
  patientId: anId,
});
export const UnrecognisedQuery = DeviceSearchQuery.pick({ inputValue: true, limit: true, page: true });
export type UnrecognisedQuery = z.infer<typeof UnrecognisedQuery>;

/** The path segment of each brand in the pairing and unlink calls (spec patients 7, decision 0009). */
export const brandPaths = Object.fromEntries(
  deviceBrands.map((brand) => [devicePathSegments[brand], brand]),
) as { [B in DeviceBrand as (typeof devicePathSegments)[B]]: B };
