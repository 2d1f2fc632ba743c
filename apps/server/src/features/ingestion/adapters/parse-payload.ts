import {
  AppError,
  type DeviceBrand,
  deviceBrandSource,
  parseIsoInstant,
  upperCaseIdentifier,
} from '@vigil/core';
import { z } from 'zod';
import { integerMax } from '../../../db/limits.js';
import type { DeviceDelivery, VendorReading } from '../ingestion.types.js';

/**
 * The 400 of a malformed vendor payload, naming the vendor, the field and the problem, so whoever configures
 * the vendor's webhook can see what to fix. `at` is the path of the part that was parsed (an array's index).
 */
function payloadProblem(vendor: string, error: z.ZodError, at: string[] = []): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [...at, ...issue.path.map(String)].join('.') || '_';
    fields[key] ??= issue.message;
  }
  const [field, problem] = Object.entries(fields)[0]!;
  const where = field === '_' ? '' : ` ${field}:`;
  return new AppError('VALIDATION', `Invalid ${vendor} payload:${where} ${problem}`, fields);
}

/** Parses a vendor payload with its schema; a malformed one is a 400 (`payloadProblem`). */
export function parsePayload<S extends z.ZodType>(vendor: string, schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw payloadProblem(vendor, parsed.error);
}

/**
 * A gateway's array (Tenovi, Smart Meter) with malformed elements: the 400 of the first, and what the
 * others made. A subclass of the plain 400, so wherever a payload is taken whole (a pull's item, any other
 * caller) it is refused whole as before; the webhook stores the readable part and answers the 400 with its
 * counts, so one malformed measurement does not cost the array's other devices theirs (decision 0009).
 */
export class PartlyMalformedPayload extends AppError {
  constructor(
    problem: AppError,
    readonly readable: DeviceDelivery[],
  ) {
    super('VALIDATION', problem.message, problem.fields);
  }
}

/**
 * A gateway's payload (Tenovi, Smart Meter): one object, parsed as itself, or an array, each element parsed
 * alone. Answers what parsed, each with its raw part, and the 400 of the first malformed element (its fields
 * named by their index, as a parse of the whole array names them), or null. One object that does not parse,
 * an empty array and an array with no element that parses are refused whole.
 */
export function parseOneOrEach<S extends z.ZodType>(
  vendor: string,
  element: S,
  payload: unknown,
): { parsed: { value: z.output<S>; raw: unknown }[]; problem: AppError | null } {
  if (!Array.isArray(payload)) {
    return { parsed: [{ value: parsePayload(vendor, element, payload), raw: payload }], problem: null };
  }
  if (payload.length === 0) throw payloadProblem(vendor, z.array(element).min(1).safeParse(payload).error!);
  const parsed: { value: z.output<S>; raw: unknown }[] = [];
  let problem: AppError | null = null;
  payload.forEach((raw, i) => {
    const result = element.safeParse(raw);
    if (result.success) parsed.push({ value: result.data, raw });
    else problem ??= payloadProblem(vendor, result.error, [String(i)]);
  });
  if (problem && parsed.length === 0) throw problem;
  return { parsed, problem };
}

const decimal = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A number that may arrive as a string ("128", "201.456"); blank and null are no value. */
export const numeric = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      return null;
    }
    // Only plain decimals: `Number` would also read '0x10000', '1e3' and '0b11' as numbers.
    const n = typeof value === 'number' ? value : decimal.test(value) ? Number(value.trim()) : Number.NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: 'Expected a number' });
      return z.NEVER;
    }
    return n;
  });

/** An identifier that may arrive as a number or a string; answered trimmed and upper-cased. */
export const identifier = z
  .union([z.string(), z.number()])
  .transform((v) => upperCaseIdentifier(String(v)))
  .refine((v) => v.length > 0 && v.length <= 64, 'Expected an identifier');

/** A vendor's id of a measurement, kept as sent (only trimmed). */
export const vendorKey = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0 && v.length <= 200, 'Expected an id');

/** Epoch seconds from 2001-09-09 on; milliseconds when that large. Smaller numbers are no device's clock. */
const epochFloorSeconds = 1e9;

/** An instant given as ISO 8601 (with its zone), or as a whole number of seconds (or milliseconds). */
export const instant = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const numeric = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : null;
  const date =
    numeric === null
      ? parseIsoInstant(value as string)
      : Number.isInteger(numeric) && numeric >= epochFloorSeconds
        ? new Date(numeric < 1e12 ? numeric * 1000 : numeric)
        : null;
  // Past JavaScript's last date (8.64e15 ms) a number makes no instant at all.
  if (date === null || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Expected a date' });
    return z.NEVER;
  }
  return date;
});

/** Whole milliseconds since the epoch, from 2001-09-09 on (BodyTrace's `ts`): seconds are refused. */
export const epochMilliseconds = z
  .number()
  .int()
  .transform((ms, ctx) => {
    const date = new Date(ms);
    if (ms < epochFloorSeconds * 1000 || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Expected milliseconds since the epoch' });
      return z.NEVER;
    }
    return date;
  });

/** Whole seconds since the epoch, from 2001-09-09 on (Withings' `date`): milliseconds are refused. */
export const epochSeconds = z
  .number()
  .int()
  .transform((seconds, ctx) => {
    if (seconds < epochFloorSeconds || seconds >= epochFloorSeconds * 1000) {
      ctx.addIssue({ code: 'custom', message: 'Expected seconds since the epoch' });
      return z.NEVER;
    }
    return new Date(seconds * 1000);
  });

/**
 * Refuses values of the other kind than the payload's stated one (Pylo's `reading_type`, eDevice's
 * `type`): a weight in a blood pressure payload would otherwise be dropped and answered 200, and the
 * vendor would never send it again.
 */
export function onlyValuesOf(
  kind: string,
  payload: Record<string, unknown>,
  others: readonly string[],
  ctx: z.RefinementCtx,
) {
  for (const field of others) {
    if (payload[field] !== null && payload[field] !== undefined) {
      ctx.addIssue({ code: 'custom', message: `Expected no ${field} in a ${kind} reading`, path: [field] });
    }
  }
}

/** An instant given as ISO 8601 only, with its zone (the formats whose documentation says so). */
export const isoInstant = z.string().transform((value, ctx) => {
  const date = parseIsoInstant(value);
  if (date === null) {
    ctx.addIssue({ code: 'custom', message: 'Expected an ISO 8601 date and time' });
    return z.NEVER;
  }
  return date;
});

/** Rounds to an integer (mmHg, bpm) or to hundredths (pounds), as the readings table keeps them. */
export const whole = (n: number | null) => (n === null ? null : Math.round(n));
export const hundredths = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/**
 * The pulse of a blood pressure, in bpm: a cuff that measured the pressure but found no pulse sends 0, which
 * is no heart rate, and the pressure still counts (as a number out of range it had cost the whole reading a
 * 422). A pulse of 0 alone is still refused.
 */
export const cuffPulse = (pulse: number | null, systolic: number | null) =>
  pulse === 0 && systolic !== null ? null : whole(pulse);

/**
 * What a cuff or a scale sent in mmHg, bpm and pounds (Pylo, eDevice), as the reading stores it: a weight when
 * the payload's kind is one, else a blood pressure and its pulse. Only the kind's values count.
 */
export const cuffOrScale = (
  kind: 'weight' | 'bloodPressure',
  v: { systolic: number | null; diastolic: number | null; pulse: number | null; pounds: number | null },
) =>
  kind === 'weight'
    ? { weight: hundredths(v.pounds) }
    : {
        systolic: whole(v.systolic),
        diastolic: whole(v.diastolic),
        heartRate: cuffPulse(v.pulse, v.systolic),
      };

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
