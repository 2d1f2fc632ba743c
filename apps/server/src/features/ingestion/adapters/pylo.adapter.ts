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

const PyloPayload = z
  .object({
    id: vendorKey,
    imei: identifier,
    reading_type: z.enum(['blood_pressure', 'weight']),
    systolic: numeric,
    diastolic: numeric,
    pulse: numeric,
    weight_lbs: numeric,
    /** ISO 8601. */
    measured_at: isoInstant,
  })
  .loose()
  .superRefine((p, ctx) =>
    p.reading_type === 'weight'
      ? onlyValuesOf(p.reading_type, p, ['systolic', 'diastolic', 'pulse'], ctx)
      : onlyValuesOf(p.reading_type, p, ['weight_lbs'], ctx),
  );
export type PyloPayload = z.input<typeof PyloPayload>;

/**
 * Pylo (vendors.md; the format is ours): one reading per request, in mmHg, bpm and pounds, whose kind says
 * which values count. The vendor reading id is the device's IMEI and `id`: nothing says an `id` is unique
 * beyond its device, and a reading of one device had been dropped as a replay of another's (decision 0009).
 */
export function adaptPylo(payload: unknown): DeviceDelivery[] {
  const p = parsePayload('Pylo', PyloPayload, payload);
  const measured = cuffOrScale(p.reading_type === 'weight' ? 'weight' : 'bloodPressure', {
    ...p,
    pounds: p.weight_lbs,
  });
  return singleReadingDelivery(
    'Pylo',
    { vendorReadingId: `${p.imei}:${p.id}`, deviceIdentifier: p.imei, takenAt: p.measured_at, measured },
    payload,
  );
}
