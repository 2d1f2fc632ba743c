import {
  AppError,
  type DeviceType,
  deviceReadingRanges,
  errorMessages,
  futureToleranceMs,
  messages,
  readingMaxAgeMs,
  type UnrecognisedReason,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { checkReading, type ReadingsService, type RecordReadingInput } from '../readings/readings.service.js';
import {
  createIngestionRepository,
  type DeliveryTarget,
  type DeviceSeen,
  deviceKey,
  type UnrecognisedDelivery,
} from './ingestion.repository.js';
import type { DeviceDelivery, VendorReading } from './ingestion.types.js';

export interface IngestOutcome {
  /**
   * True when at least one device of the payload takes readings (its readings stored or replayed, or its
   * heartbeat recorded): the webhook answers 200. False when every device was set aside: 202.
   */
  accepted: boolean;
  /** Readings stored by this delivery. */
  stored: number;
  /** The patient of each reading stored by this delivery. */
  storedFor: string[];
  /** Readings already stored by an earlier delivery of the same (source, vendor id). */
  duplicates: number;
  /** Why devices of the payload were set aside, one entry per device. */
  unrecognised: UnrecognisedReason[];
  /** The 422 of each reading of the payload refused by the checks (vendors.md), stored by no one. */
  refused: AppError[];
}

const rangeFields = [
  ['systolic', deviceReadingRanges.systolic],
  ['diastolic', deviceReadingRanges.diastolic],
  ['heartRate', deviceReadingRanges.heartRate],
  ['weight', deviceReadingRanges.weight],
] as const;

/**
 * Why a reading cannot be stored (vendors.md): stamped beyond the tolerated future (or more than a year ago:
 * a clock that reset), a value outside the
 * physiological ranges, half a blood pressure, or a diastolic not below its systolic (no heart makes one:
 * the numbers are swapped or the cuff misread, and stored it would raise a low and a high alert at once).
 * The 422 it answers, or null for a reading that may be stored.
 */
function refusal(reading: VendorReading, now: Date): AppError | null {
  const refuse = (message: string, field: string) =>
    new AppError('UNPROCESSABLE', message, { [field]: message });
  if ((reading.systolic == null) !== (reading.diastolic == null)) {
    return refuse(
      errorMessages.readingHalfBloodPressure,
      reading.systolic == null ? 'systolic' : 'diastolic',
    );
  }
  if (reading.takenAt.getTime() > now.getTime() + futureToleranceMs) {
    return refuse(errorMessages.readingInFuture, 'takenAt');
  }
  if (reading.takenAt.getTime() < now.getTime() - readingMaxAgeMs) {
    return refuse(errorMessages.readingTooOld, 'takenAt');
  }
  for (const [field, range] of rangeFields) {
    const value = reading[field];
    if (value === null || value === undefined) continue;
    if (!(value >= range.min && value <= range.max)) return refuse(errorMessages.readingOutOfRange, field);
  }
  if (reading.systolic != null && reading.diastolic != null && reading.diastolic >= reading.systolic) {
    return refuse(messages.diastolicNotBelowSystolic, 'diastolic');
  }
  return null;
}

/**
 * The payload without the readings that cannot be stored, and why each of those was refused; one bad reading
 * of a gateway's array does not cost the other devices theirs. A device that pushed only refused readings
 * still made contact: it stays, as a heartbeat, so its last seen moves (or, unknown, it is listed) and staff
 * do not take a device sending readings in a wrong unit for a silent one. A pulled one is left out: its
 * readings say when it was seen, and none of them is kept.
 */
function withoutRefused(deliveries: readonly DeviceDelivery[], now: Date) {
  const refused: AppError[] = [];
  const kept: DeviceDelivery[] = [];
  for (const delivery of deliveries) {
    const readings: VendorReading[] = [];
    const refusedReadings: VendorReading[] = [];
    for (const r of delivery.readings) {
      const why = refusal(r, now);
      if (why) refused.push(why);
      (why ? refusedReadings : readings).push(r);
    }
    if (readings.length > 0 || delivery.readings.length === 0 || !delivery.pulled)
      kept.push({ ...delivery, readings, refused: refusedReadings });
  }
  return { kept, refused };
}

/** Why a delivery cannot be put on a patient (decision 0009), or null when it can. */
function setAsideReason(target: DeliveryTarget | undefined): UnrecognisedReason | null {
  if (!target || target.deviceDeleted) return 'unknownDevice';
  if (target.deviceStatus === 'deactivated') return 'deactivated';
  if (!target.pairingStatus || !target.patientId) return 'unpaired';
  if (target.pairingStatus === 'disabled') return 'disconnected';
  if (target.clinicActive === false) return 'inactiveClinic';
  return null;
}

type Placement =
  | { patientId: string; offCurrent: boolean }
  | { setAside: UnrecognisedReason; clinicId?: string };

/**
 * Whose a device's reading is, by when it was taken (decision 0009, "A reading from an earlier pairing").
 * Taken while a removed pairing, or the current one before its disconnect, held the device: that patient's
 * (`offCurrent`: the lookup did not mark the device seen), also when the device was deleted from the
 * inventory or deactivated since; anything else a deleted device took is set aside as not in the
 * inventory, and a deactivated one's as deactivated. Taken before the current pairing (or with none) while
 * no pairing held it, by a device that has had patients (disconnected, in stock between two, or before its
 * first): nobody's, since which patient had it cannot be told. Otherwise the current pairing decides, as
 * `setAsideReason` says (a new device used a day before staff paired it is its patient's).
 */
function placeReading(target: DeliveryTarget, takenAt: Date, reason: UnrecognisedReason | null): Placement {
  const held = target.removed.find((h) => h.pairedAt <= takenAt && takenAt < h.activeUntil);
  if (held) {
    return held.clinicActive
      ? { patientId: held.patientId, offCurrent: true }
      : { setAside: 'inactiveClinic', clinicId: held.clinicId };
  }
  if (target.deviceDeleted) return { setAside: 'unknownDevice' };
  // The current pairing, disconnected since: what it took while connected is its patient's all the same.
  const { pairedAt, unpairedAt } = target;
  if (
    target.pairingStatus === 'disabled' &&
    pairedAt &&
    unpairedAt &&
    pairedAt <= takenAt &&
    takenAt < unpairedAt
  ) {
    return target.clinicActive === false
      ? { setAside: 'inactiveClinic' }
      : { patientId: target.patientId!, offCurrent: true };
  }
  // Deactivating disconnects the pairing: what the device took before is kept above, nothing after.
  if (target.deviceStatus === 'deactivated') return { setAside: 'deactivated' };
  const beforeCurrent = target.pairedAt === null || takenAt < target.pairedAt;
  if (beforeCurrent && target.removed.length > 0) {
    // A device paired now is neither unpaired nor disconnected: its entry says when the reading was taken.
    if (reason === null) return { setAside: 'beforePairing' };
    const disconnected = target.removed.some((h) => h.activeUntil <= takenAt && takenAt < h.removedAt);
    return { setAside: disconnected ? 'disconnected' : 'unpaired' };
  }
  return reason ? { setAside: reason } : { patientId: target.patientId!, offCurrent: false };
}

/** The later of two times; null when both are. */
const latest = (a: Date | null, b: Date | null) => (a === null || (b !== null && b > a) ? b : a);

/** When the latest of these readings was taken, at most `now` (a clock a little ahead); null for none. */
function takenLast(readings: readonly VendorReading[], now: Date): Date | null {
  const last = readings.reduce<Date | null>((at, r) => latest(at, r.takenAt), null);
  return last !== null && last > now ? now : last;
}

/** A delivery's readings, the refused ones too: what they show of the device, not what is stored. */
const shownReadings = (delivery: DeviceDelivery) => [...delivery.readings, ...(delivery.refused ?? [])];

/** What the readings tell of a device whose type is not known yet. */
function typeShown(readings: readonly VendorReading[]): DeviceType | null {
  if (readings.some((r) => r.systolic != null || r.diastolic != null)) return 'Blood Pressure Monitor';
  if (readings.some((r) => r.weight != null)) return 'Scale';
  return null;
}

/** Deliveries per batch at most: bounds a batch's statements and the time its first caller waits. */
const batchCap = 200;

interface Pending {
  deliveries: readonly DeviceDelivery[];
  resolve(outcome: IngestOutcome): void;
  reject(error: unknown): void;
}

/**
 * A device's deliveries of one batch as one: what the last of them reported, seen at the batch's time (or,
 * pulled, when it took its latest reading).
 */
interface DeviceSeenInBatch extends DeviceSeen {
  brand: DeviceDelivery['brand'];
  serialNumber: string;
}

/**
 * The one path from a vendor payload to stored readings (decision 0009, "Webhooks"), used by every webhook,
 * the Withings job and the pulls: check, find each device and its patient, then store through the readings
 * service in one transaction with the devices' last-seen times. The caller answers only after this
 * resolves, so a 2xx means committed.
 *
 * Group commit (decision 0009, "Ingestion speed"): payloads that arrive while a batch is being stored wait
 * and form the next batch, one transaction for all of them, so concurrent webhooks share the round trips
 * and the metrics refresh of a patient. One batch runs at a time; a payload that finds none running starts
 * one at once, so nothing waits at low load. The result is the one sequential delivery in arrival order
 * gives; if a batch fails, its payloads are stored again one by one, so one bad payload fails only its own
 * request.
 */
export function createIngestionService(deps: { db: Db; clock: Clock; readings: ReadingsService }) {
  /** Stores payloads in one transaction, answering one outcome per payload, in order. */
  async function storeBatch(batch: readonly (readonly DeviceDelivery[])[]): Promise<IngestOutcome[]> {
    return deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const repo = createIngestionRepository(tx);
      const outcomes = batch.map(
        (): IngestOutcome => ({
          accepted: false,
          stored: 0,
          storedFor: [],
          duplicates: 0,
          unrecognised: [],
          refused: [],
        }),
      );
      // Within a payload, devices in identifier order, as one payload was always stored.
      const all = batch.flatMap((deliveries, payload) =>
        [...deliveries]
          .sort((a, b) => a.deviceIdentifier.localeCompare(b.deviceIdentifier))
          .map((delivery) => ({
            payload,
            delivery,
            key: deviceKey(delivery.brand, delivery.deviceIdentifier),
          })),
      );
      const seen = new Map<string, DeviceSeenInBatch>();
      for (const { delivery, key } of all) {
        const before = seen.get(key);
        seen.set(key, {
          brand: delivery.brand,
          serialNumber: delivery.deviceIdentifier,
          at: latest(before?.at ?? null, delivery.pulled ? takenLast(delivery.readings, now) : now),
          connected: (before?.connected ?? false) || delivery.readings.length > 0,
          battery: delivery.battery ?? before?.battery ?? null,
          signal: delivery.signal ?? before?.signal ?? null,
          type: before?.type ?? typeShown(shownReadings(delivery)),
        });
      }
      // Devices, then patients, each locked in one order: two batches sharing them cannot deadlock.
      const targets = await repo.findDeliveryTargetsMarkingSeen([...seen.values()]);

      const setAside = new Map<string, UnrecognisedDelivery & { count: number }>();
      // Devices with a reading stored for a patient of a pairing that no longer takes readings.
      const seenOffCurrent = new Set<string>();
      const inputs: RecordReadingInput[] = [];
      const inputPayload: number[] = [];
      for (const { payload, delivery, key } of all) {
        const target = targets.get(key);
        const reason = setAsideReason(target);
        // A device deleted from the inventory is listed as one the inventory does not hold.
        const listed = target?.deviceDeleted ? undefined : target;
        // Counted once per delivery and reason, however many of its readings are set aside for it.
        const reasons = new Set<UnrecognisedReason>();
        const setAsideFor = (why: UnrecognisedReason, clinicId?: string) => {
          if (reasons.has(why)) return;
          reasons.add(why);
          const group = `${delivery.source}\u0000${delivery.deviceIdentifier}\u0000${why}`;
          const before = setAside.get(group);
          setAside.set(group, {
            source: delivery.source,
            identifier: delivery.deviceIdentifier,
            reason: why,
            deviceId: listed?.deviceId ?? null,
            clinicId: clinicId ?? listed?.patientClinicId ?? listed?.deviceClinicId ?? null,
            payload: delivery.raw,
            type: typeShown(shownReadings(delivery)) ?? before?.type ?? null,
            hubSerialNumber: delivery.hubSerialNumber ?? before?.hubSerialNumber ?? null,
            count: (before?.count ?? 0) + 1,
          });
          outcomes[payload]!.unrecognised.push(why);
        };
        if (!target) {
          setAsideFor(reason!);
          continue;
        }
        if (delivery.readings.length === 0) {
          // A heartbeat: the device's figures were kept above when it takes readings.
          if (reason) setAsideFor(reason);
          else outcomes[payload]!.accepted = true;
          continue;
        }
        for (const r of delivery.readings) {
          const placed = placeReading(target, r.takenAt, reason);
          if ('setAside' in placed) {
            // Pulled from a device that takes readings, it is the vendor's history from before its
            // pairing, fetched again by every pull: stored by no one, and no delivery to list.
            if (!(delivery.pulled && reason === null)) setAsideFor(placed.setAside, placed.clinicId);
            continue;
          }
          outcomes[payload]!.accepted = true;
          if (placed.offCurrent) seenOffCurrent.add(key);
          inputs.push(readingInput(r, placed.patientId, target.deviceId));
          inputPayload.push(payload);
        }
      }
      // A device that took a reading is seen, though no pairing holds it now (the statement above marked
      // only the devices of active pairings); one deleted from the inventory is left as it was.
      await repo.markSeen(
        [...seenOffCurrent]
          .filter((key) => setAsideReason(targets.get(key)) !== null && !targets.get(key)!.deviceDeleted)
          .map((key) => ({ deviceId: targets.get(key)!.deviceId, ...seen.get(key)! })),
      );
      await repo.upsertManyUnrecognised([...setAside.values()], now);
      const recorded = await deps.readings.recordMany(inputs, tx);
      recorded.forEach(({ duplicate }, i) => {
        const outcome = outcomes[inputPayload[i]!]!;
        if (duplicate) {
          outcome.duplicates += 1;
        } else {
          outcome.stored += 1;
          outcome.storedFor.push(inputs[i]!.patientId);
        }
      });
      return outcomes;
    });
  }

  const queue: Pending[] = [];
  let running = false;

  /** Takes the next batch from the queue: whole payloads, up to `batchCap` deliveries (at least one). */
  function nextBatch(): Pending[] {
    const batch: Pending[] = [];
    let deliveries = 0;
    while (queue.length && (batch.length === 0 || deliveries + queue[0]!.deliveries.length <= batchCap)) {
      const next = queue.shift()!;
      deliveries += next.deliveries.length;
      batch.push(next);
    }
    return batch;
  }

  async function drain() {
    running = true;
    try {
      while (queue.length) {
        const batch = nextBatch();
        try {
          const outcomes = await storeBatch(batch.map((p) => p.deliveries));
          for (const [i, p] of batch.entries()) p.resolve(outcomes[i]!);
        } catch (error) {
          if (batch.length === 1) {
            batch[0]!.reject(error);
            continue;
          }
          // One payload's failure (a patient deleted meanwhile, a lock timeout) must not fail the others:
          // each is stored again in its own transaction, and only a failing one answers its error.
          for (const p of batch) {
            await storeBatch([p.deliveries]).then(([outcome]) => p.resolve(outcome!), p.reject);
          }
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /**
     * Stores what can be stored of a payload. Refused readings are counted in the outcome's `refused`; a
     * pulled payload with nothing left to store is refused whole, with the first reading's 422.
     */
    async ingest(payload: readonly DeviceDelivery[]): Promise<IngestOutcome> {
      const { kept: deliveries, refused } = withoutRefused(payload, deps.clock.now());
      if (deliveries.length === 0 && refused.length > 0) throw refused[0]!;
      // A payload whose values `record` would refuse goes alone, so its 400 (or its 202 when its device is
      // set aside, where nothing is recorded) is exactly what it would be without batching.
      const outcome = recordable(deliveries)
        ? await new Promise<IngestOutcome>((resolve, reject) => {
            queue.push({ deliveries, resolve, reject });
            if (!running) void drain();
          })
        : (await storeBatch([deliveries]))[0]!;
      return { ...outcome, refused };
    },
  };
}

/** The readings service's input for a vendor reading of a device paired with a patient. */
function readingInput(r: VendorReading, patientId: string, deviceId: string): RecordReadingInput {
  return {
    patientId,
    takenAt: r.takenAt,
    systolic: r.systolic ?? null,
    diastolic: r.diastolic ?? null,
    heartRate: r.heartRate ?? null,
    weightLbs: r.weight ?? null,
    source: r.source,
    vendorReadingId: r.vendorReadingId,
    deviceId,
    raw: r.raw,
    completes: r.completes,
  };
}

/** Whether `record` accepts every reading of the payload (its checks, without a patient yet). */
function recordable(deliveries: readonly DeviceDelivery[]): boolean {
  const anyUuid = '00000000-0000-4000-8000-000000000000';
  try {
    for (const d of deliveries) for (const r of d.readings) checkReading(readingInput(r, anyUuid, anyUuid));
    return true;
  } catch {
    return false;
  }
}

export type IngestionService = ReturnType<typeof createIngestionService>;
