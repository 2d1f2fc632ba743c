import type { ReadingRow } from '../../db/schema/index.js';

/** The values of a reading, as stored. */
export type ReadingValues = Pick<ReadingRow, 'systolic' | 'diastolic' | 'heartRate' | 'weightLbs'>;

/** What a part of a measurement names: the device, the source and the instant it was taken. */
export type PartKey = Pick<ReadingRow, 'patientId' | 'deviceId' | 'source' | 'takenAt'>;

export const partKey = (r: PartKey) =>
  `${r.patientId}\u0000${r.deviceId}\u0000${r.source}\u0000${r.takenAt.getTime()}`;

const hasBloodPressure = (r: ReadingValues) => r.systolic !== null;
const hasHeartRate = (r: ReadingValues) => r.heartRate !== null;

/**
 * Whether two parts of one measurement make one reading: a blood pressure and a pulse, each lacking what
 * the other holds (a weight is a reading of its own).
 */
export function complete(a: ReadingValues, b: ReadingValues): boolean {
  if (a.weightLbs !== null || b.weightLbs !== null) return false;
  return (
    (hasBloodPressure(a) && !hasHeartRate(a) && hasHeartRate(b) && !hasBloodPressure(b)) ||
    (hasHeartRate(a) && !hasBloodPressure(a) && hasBloodPressure(b) && !hasHeartRate(b))
  );
}

/** Whether `reading` holds every value of `part` already: the part is a resend. */
export const holds = (reading: ReadingValues, part: ReadingValues) =>
  (['systolic', 'diastolic', 'heartRate', 'weightLbs'] as const).every(
    (field) => part[field] === null || part[field] === reading[field],
  );

/** The values of two parts joined: each field from the part that has it. */
export const joined = (a: ReadingValues, b: ReadingValues): ReadingValues => ({
  systolic: a.systolic ?? b.systolic,
  diastolic: a.diastolic ?? b.diastolic,
  heartRate: a.heartRate ?? b.heartRate,
  weightLbs: a.weightLbs ?? b.weightLbs,
});

/** Raw payloads of joined parts: one list of the vendor's measurements, as an adapter keeps several. */
export const joinedRaw = (a: unknown, b: unknown) => [
  ...(Array.isArray(a) ? a : [a]),
  ...(Array.isArray(b) ? b : [b]),
];

/** A reading of a batch, as `recordMany` builds it before the insert. */
export type PartRow = PartKey & ReadingValues & { raw: unknown };

/** Where each part of a batch goes (`joinParts`), by input index; an index in none of them is stored. */
export interface JoinedParts {
  /** Resends of a reading of the batch before them: the index of that reading. */
  resendOf: Map<number, number>;
  /** Parts joined to a reading of the batch before them (now holding both): its index. */
  joinedTo: Map<number, number>;
  /** Resends of a stored reading: its id. */
  resentStored: Map<number, string>;
  /** Parts that complete a stored reading: its id. */
  completes: Map<number, string>;
  /** Stored readings completed by parts of the batch: as they were, and as they will be. */
  completed: Map<string, { before: ReadingRow; after: ReadingRow }>;
  /** The stored readings the parts named, by id, completed where they were. */
  stored: Map<string, ReadingRow>;
}

/**
 * Parts of one measurement that a vendor sends apart (Tenovi's blood pressure and its pulse, vendors.md)
 * join into one reading (decision 0009, "A measurement sent in parts"): a part completes a stored reading,
 * or one earlier in the batch, of the same patient, device, source and instant that lacks what it holds;
 * a part whose values such a reading holds already is a resend. `rows` at the joined indexes take the
 * joined values; `stored` are the readings, not removed, that the parts name.
 */
export function joinParts(
  rows: readonly PartRow[],
  joinable: (index: number) => boolean,
  stored: readonly ReadingRow[],
): JoinedParts {
  const current = new Map(stored.map((r) => [r.id, r]));
  const parts: JoinedParts = {
    resendOf: new Map(),
    joinedTo: new Map(),
    resentStored: new Map(),
    completes: new Map(),
    completed: new Map(),
    stored: current,
  };
  type Candidate = { index: number } | { id: string };
  const valuesOf = (c: Candidate) => ('index' in c ? rows[c.index]! : current.get(c.id)!);
  const candidates = new Map<string, Candidate[]>();
  for (const r of stored) {
    const key = partKey(r);
    candidates.set(key, [...(candidates.get(key) ?? []), { id: r.id }]);
  }
  rows.forEach((row, i) => {
    if (!joinable(i)) return;
    const key = partKey(row);
    const list = candidates.get(key) ?? [];
    const same = list.find((c) => holds(valuesOf(c), row));
    if (same) {
      if ('index' in same) parts.resendOf.set(i, same.index);
      else parts.resentStored.set(i, same.id);
      return;
    }
    const partner = list.find((c) => complete(valuesOf(c), row));
    if (!partner) {
      candidates.set(key, [...list, { index: i }]);
      return;
    }
    if ('index' in partner) {
      const target = rows[partner.index]!;
      Object.assign(target, joined(target, row), { raw: joinedRaw(target.raw, row.raw) });
      parts.joinedTo.set(i, partner.index);
      return;
    }
    const before = current.get(partner.id)!;
    const after: ReadingRow = {
      ...before,
      ...joined(before, row),
      raw: joinedRaw(before.raw, row.raw) as ReadingRow['raw'],
    };
    current.set(partner.id, after);
    parts.completed.set(partner.id, { before: parts.completed.get(partner.id)?.before ?? before, after });
    parts.completes.set(i, partner.id);
  });
  return parts;
}
