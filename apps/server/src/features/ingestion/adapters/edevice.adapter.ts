import { normaliseSerialNumber } from '@vigil/core';
import { z } from 'zod';
import type { DeviceDelivery } from '../ingestion.types.js';
import {
  cuffOrScale,
  identifier,
  isoInstant,
  numeric,
  onlyValuesOf,
  parsePayload,
  singleReadingDelivery,
  vendorKey,
} from './parse-payload.js';

const EDevicePayload = z
  .object({
    hubSerialNumber: identifier.nullish(),
    /** The Bluetooth address of the device on the hub, in the inventory's notation (no colons or dashes). */
    bluetoothMA: identifier
      .transform((v) => normaliseSerialNumber('EDEVICE', v))
      .refine((v) => v.length > 0, 'Expected an identifier'),
    id: vendorKey,
    type: z.enum(['bp', 'weight']),
    systolic: numeric,
    diastolic: numeric,
    pulse: numeric,
    weightLbs: numeric,
    /** ISO 8601. */
    measuredAt: isoInstant,
  })
  .loose()
  .superRefine((p, ctx) =>
    p.type === 'weight'
      ? onlyValuesOf(p.type, p, ['systolic', 'diastolic', 'pulse'], ctx)
      : onlyValuesOf(p.type, p, ['weightLbs'], ctx),
  );
export type EDevicePayload = z.input<typeof EDevicePayload>;

/**
 * eDevice (vendors.md; the format is ours): a hub forwards one Bluetooth device's reading, in mmHg, bpm and
 * pounds. The device is found by its Bluetooth address, in any notation; the vendor reading id is that
 * address and `id`, as Pylo's is its IMEI and `id`.
 */
export function adaptEDevice(payload: unknown): DeviceDelivery[] {
  const p = parsePayload('eDevice', EDevicePayload, payload);
  const measured = cuffOrScale(p.type === 'weight' ? 'weight' : 'bloodPressure', {
    ...p,
    pounds: p.weightLbs,
  });
  return singleReadingDelivery(
    'EDEVICE',
    {
      vendorReadingId: `${p.bluetoothMA}:${p.id}`,
      deviceIdentifier: p.bluetoothMA,
      takenAt: p.measuredAt,
      measured,
    },
    payload,
  ).map((delivery) => ({ ...delivery, hubSerialNumber: p.hubSerialNumber ?? null }));
}
