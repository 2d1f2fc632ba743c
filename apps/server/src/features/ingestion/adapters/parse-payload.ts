import { AppError, type DeviceBrand, deviceBrandSource } from '@vigil/core';
import { z } from 'zod';
import { integerMax } from '../../../db/limits.js';
import type { DeviceDelivery, VendorReading } from '../ingestion.types.js';

/**
 * Parses a vendor payload with its schema; a malformed one is a 400 naming the vendor, the field and the
 * problem, so whoever configures the vendor's webhook can see what to fix.
 */
export function parsePayload<S extends z.ZodType>(vendor: string, schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const [field, problem] = Object.entries(fields)[0]!;
  const where = field === '_' ? '' : ` ${field}:`;
  throw new AppError('VALIDATION', `Invalid ${vendor} payload:${where} ${problem}`, fields);
}

/** A number that may arrive as a string ("128"); blank and null are no value. */
export const numeric = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      return null;
    }
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: 'Expected a number' });
      return z.NEVER;
    }
    return n;
  });

/** An identifier that may arrive as a number or a string; answered trimmed and upper-cased. */
export const identifier = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().toUpperCase())
  .refine((v) => v.length > 0 && v.length <= 64, 'Expected an identifier');

/** A vendor's id of a measurement, kept as sent (only trimmed). */
export const vendorKey = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0 && v.length <= 200, 'Expected an id');

/** An instant given as ISO 8601, or as a number of seconds (or milliseconds, when that large). */
export const instant = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const date =
    typeof value === 'number' || /^\d+$/.test(value.trim())
      ? new Date(Number(value) < 1e12 ? Number(value) * 1000 : Number(value))
      : new Date(value);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Expected a date' });
    return z.NEVER;
  }
  return date;
});

/** Rounds to an integer (mmHg, bpm) or to hundredths (pounds), as the readings table keeps them. */
export const whole = (n: number | null) => (n === null ? null : Math.round(n));
export const hundredths = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/**
 * A device's own figure (battery, signal strength), rounded; unknown when it does not fit the inventory's
 * integer column. An odd figure about the device never costs the reading it came with.
 */
export const deviceFigure = (n: number | null) => {
  const rounded = whole(n);
  return rounded !== null && Math.abs(rounded) <= integerMax ? rounded : null;
};

/** Whether a reading carries a measurement; one with none is a heartbeat. */
export const hasValue = (r: {
  systolic?: number | null;
  diastolic?: number | null;
  heartRate?: number | null;
  weight?: number | null;
}) => [r.systolic, r.diastolic, r.heartRate, r.weight].some((v) => v !== null && v !== undefined);

type Measured = Pick<VendorReading, 'systolic' | 'diastolic' | 'heartRate' | 'weight'>;

/** Pylo and eDevice send one reading of one device per request, and nothing else about the device. */
export function singleReadingDelivery(
  brand: DeviceBrand,
  reading: { vendorReadingId: string; deviceIdentifier: string; takenAt: Date; measured: Measured },
  payload: unknown,
): DeviceDelivery[] {
  const source = deviceBrandSource[brand];
  const { measured, ...identity } = reading;
  return [
    {
      brand,
      source,
      deviceIdentifier: reading.deviceIdentifier,
      readings: hasValue(measured) ? [{ source, ...identity, ...measured, raw: payload }] : [],
      battery: null,
      signal: null,
      raw: payload,
    },
  ];
}
