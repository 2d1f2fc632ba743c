import type { ReadingRow } from '../../db/schema/index.js';
import { canonicalJson } from '../../lib/canonical-json.js';

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

/**
 * Raw payloads of joined parts: one list of the vendor's measurements, as an adapter keeps several, each
 * once (a part sent again with its partner is not kept twice).
 */
export function joinedRaw(a: unknown, b: unknown): unknown[] {
  const list = Array.isArray(a) ? [...a] : [a];
  const kept = new Set(list.map(canonicalJson));
  for (const item of Array.isArray(b) ? b : [b]) {
    if (!kept.has(canonicalJson(item))) list.push(item);
    kept.add(canonicalJson(item));
  }
  return list;
}
