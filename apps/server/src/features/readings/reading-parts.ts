import type { ReadingRow } from '../../db/schema/index.js';

/** The values of a reading, as stored. */
export type ReadingValues = Pick<ReadingRow, 'systolic' | 'diastolic' | 'heartRate' | 'weightLbs'>;

/**
 * What a part of a measurement adds to the reading of that measurement (decision 0009, "A measurement sent
 * in parts"): the blood pressure or the pulse that the part holds and the reading lacks, or null when it adds
 * nothing (a resend). A value the reading holds already is kept, even when the part says otherwise.
 */
export function addedBy(reading: ReadingValues, part: ReadingValues): Partial<ReadingValues> | null {
  const added: Partial<ReadingValues> = {};
  if (reading.systolic === null && part.systolic !== null) {
    added.systolic = part.systolic;
    added.diastolic = part.diastolic;
  }
  if (reading.heartRate === null && part.heartRate !== null) added.heartRate = part.heartRate;
  return Object.keys(added).length ? added : null;
}

/** A JSON value written with its keys in order: the database's `jsonb` keeps them in an order of its own. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

/**
 * Raw payloads of joined parts: one list of the vendor's measurements, as an adapter keeps several, each
 * once (a part sent again with its partner is not kept twice).
 */
export function joinedRaw(a: unknown, b: unknown): unknown[] {
  const list = Array.isArray(a) ? [...a] : [a];
  const kept = new Set(list.map(canonical));
  for (const item of Array.isArray(b) ? b : [b]) {
    if (!kept.has(canonical(item))) list.push(item);
    kept.add(canonical(item));
  }
  return list;
}
