import { z } from 'zod';
import type { DeviceDelivery } from '../ingestion.types.js';
import {
  cuffPulse,
  hasValue,
  hundredths,
  identifier,
  instant,
  numeric,
  onlyValuesOf,
  PartlyMalformedPayload,
  parseOneOrEach,
  vendorKey,
  whole,
} from './parse-payload.js';

const SmartMeterReading = z
  .object({
    reading_id: vendorKey,
    /** The device's IMEI: pushed as `imei`; the pull API names the device `device_id`. */
    imei: identifier.optional(),
    device_id: identifier.nullish(),
    patient_id: z.unknown().optional(),
    date_recorded: instant,
    reading_type: z.string().nullish(),
    systolic_mmhg: numeric,
    diastolic_mmhg: numeric,
    pulse_bpm: numeric,
    weight_lbs: numeric,
    is_flagged: z.unknown().optional(),
  })
  .loose()
  .refine((r) => r.imei !== undefined || r.device_id, { message: 'imei is required', path: ['imei'] })
  // The two kinds this format names (ours, as Pylo's): a value of the other kind is refused, not stored as
  // this device's. Another kind, which the vendor's own API may send, is read by its values.
  .superRefine((r, ctx) => {
    if (r.reading_type === 'weight')
      onlyValuesOf(r.reading_type, r, ['systolic_mmhg', 'diastolic_mmhg', 'pulse_bpm'], ctx);
    if (r.reading_type === 'blood_pressure') onlyValuesOf(r.reading_type, r, ['weight_lbs'], ctx);
  });
export type SmartMeterReading = z.input<typeof SmartMeterReading>;

/**
 * Smart Meter (vendors.md; the push format is ours): the pull API's reading fields plus `imei`, one object or
 * an array, in mmHg, bpm and pounds already. The vendor reading id is `reading_id`. An array is read element
 * by element (`parseOneOrEach`), one object alone as itself, so that an error names its field.
 */
export function adaptSmartMeter(payload: unknown): DeviceDelivery[] {
  const { parsed, problem } = parseOneOrEach('Smart Meter', SmartMeterReading, payload);
  const deliveries = new Map<string, DeviceDelivery>();
  for (const { value: r, raw } of parsed) {
    const imei = (r.imei ?? r.device_id)!;
    let delivery = deliveries.get(imei);
    if (!delivery) {
      delivery = {
        brand: 'Smart Meter',
        source: 'SMART_METER',
        deviceIdentifier: imei,
        readings: [],
        battery: null,
        signal: null,
        // Of an array, the device's own readings, as Tenovi's (not the whole array for each device).
        raw: Array.isArray(payload) ? [] : payload,
      };
      deliveries.set(imei, delivery);
    }
    if (Array.isArray(delivery.raw)) delivery.raw.push(raw);
    const measured = {
      systolic: whole(r.systolic_mmhg),
      diastolic: whole(r.diastolic_mmhg),
      heartRate: cuffPulse(r.pulse_bpm, r.systolic_mmhg),
      weight: hundredths(r.weight_lbs),
    };
    if (!hasValue(measured)) continue;
    delivery.readings.push({
      source: 'SMART_METER',
      vendorReadingId: r.reading_id,
      deviceIdentifier: imei,
      takenAt: r.date_recorded,
      ...measured,
      raw,
    });
  }
  if (problem) throw new PartlyMalformedPayload(problem, [...deliveries.values()]);
  return [...deliveries.values()];
}
