import type { ReadingRow } from '../../db/schema/index.js';

/** The values of a reading, as stored. */
export type ReadingValues = Pick<ReadingRow, 'systolic' | 'diastolic' | 'heartRate' | 'weightLbs'>;

/**
 * What a part of a measurement adds to the reading of that measurement (decision 0009, "A measurement sent
 * in parts"): the values the part holds and the reading lacks, or null when it adds nothing (a resend). A
 * value the reading holds already is kept, even when the part says otherwise.
 */
export function addedBy(reading: ReadingValues, part: ReadingValues): Partial<ReadingValues> | null {
  const added: Partial<ReadingValues> = {};
  if (reading.systolic === null && part.systolic !== null) {
    added.systolic = part.systolic;
    added.diastolic = part.diastolic;
  }
  if (reading.heartRate === null && part.heartRate !== null) added.heartRate = part.heartRate;
  if (reading.weightLbs === null && part.weightLbs !== null) added.weightLbs = part.weightLbs;
  return Object.keys(added).length ? added : null;
}

/** Raw payloads of joined parts: one list of the vendor's measurements, as an adapter keeps several. */
export const joinedRaw = (a: unknown, b: unknown) => [
  ...(Array.isArray(a) ? a : [a]),
  ...(Array.isArray(b) ? b : [b]),
];
