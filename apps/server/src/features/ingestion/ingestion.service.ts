import {
  AppError,
  type DeviceType,
  deviceReadingRanges,
  errorMessages,
  futureToleranceMs,
  type UnrecognisedReason,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { ReadingsService } from '../readings/readings.service.js';
import { createIngestionRepository, type DeliveryTarget } from './ingestion.repository.js';
import type { DeviceDelivery, VendorReading } from './ingestion.types.js';

export interface IngestOutcome {
  /**
   * True when at least one device of the payload takes readings (its readings stored or replayed, or its
   * heartbeat recorded): the webhook answers 200. False when every device was set aside: 202.
   */
  accepted: boolean;
  /** Readings stored by this delivery. */
  stored: number;
  /** Readings already stored by an earlier delivery of the same (source, vendor id). */
  duplicates: number;
  /** Why devices of the payload were set aside, one entry per device. */
  unrecognised: UnrecognisedReason[];
}

const rangeFields = [
  ['systolic', deviceReadingRanges.systolic],
  ['diastolic', deviceReadingRanges.diastolic],
  ['heartRate', deviceReadingRanges.heartRate],
  ['weight', deviceReadingRanges.weight],
] as const;

/**
 * Refuses the whole payload when one of its readings is stamped beyond the tolerated future or has a value
 * outside the physiological ranges (vendors.md): 422, and nothing of it is stored.
 */
function checkReadings(deliveries: readonly DeviceDelivery[], now: Date) {
  for (const reading of deliveries.flatMap((d) => d.readings)) {
    if (reading.takenAt.getTime() > now.getTime() + futureToleranceMs) {
      throw new AppError('UNPROCESSABLE', errorMessages.readingInFuture, {
        takenAt: errorMessages.readingInFuture,
      });
    }
    for (const [field, range] of rangeFields) {
      const value = reading[field];
      if (value === null || value === undefined) continue;
      if (!(value >= range.min && value <= range.max)) {
        throw new AppError('UNPROCESSABLE', errorMessages.readingOutOfRange, {
          [field]: errorMessages.readingOutOfRange,
        });
      }
    }
  }
}

/** Why a delivery cannot be put on a patient (decision 0009), or null when it can. */
function setAsideReason(target: DeliveryTarget | undefined): UnrecognisedReason | null {
  if (!target) return 'unknownDevice';
  if (target.deviceStatus === 'deactivated') return 'deactivated';
  if (!target.pairingStatus || !target.patientId) return 'unpaired';
  if (target.pairingStatus === 'disabled') return 'disconnected';
  if (target.clinicActive === false) return 'inactiveClinic';
  return null;
}

/** What the readings tell of a device whose type is not known yet. */
function typeShown(readings: readonly VendorReading[]): DeviceType | null {
  if (readings.some((r) => r.systolic != null || r.diastolic != null)) return 'Blood Pressure Monitor';
  if (readings.some((r) => r.weight != null)) return 'Scale';
  return null;
}

/**
 * The one path from a vendor payload to stored readings (decision 0009, "Webhooks"), used by every webhook,
 * the Withings job and the pulls: check, find each device and its patient, then store through `record` in
 * one transaction with the devices' last-seen times. The caller answers only after this resolves, so a 2xx
 * means committed.
 */
export function createIngestionService(deps: { db: Db; clock: Clock; readings: ReadingsService }) {
  return {
    async ingest(deliveries: readonly DeviceDelivery[]): Promise<IngestOutcome> {
      const now = deps.clock.now();
      checkReadings(deliveries, now);
      const outcome: IngestOutcome = { accepted: false, stored: 0, duplicates: 0, unrecognised: [] };
      const work = async (db: DbOrTx, tx: Tx | undefined) => {
        const repo = createIngestionRepository(db);
        const toStore: { delivery: DeviceDelivery; deviceId: string; patientId: string }[] = [];
        // Devices, then patients, each in one order: two payloads sharing them lock without deadlocking.
        const ordered = [...deliveries].sort((a, b) => a.deviceIdentifier.localeCompare(b.deviceIdentifier));
        for (const delivery of ordered) {
          const target = await repo.findDeliveryTargetMarkingSeen(delivery.brand, delivery.deviceIdentifier, {
            at: now,
            connected: delivery.readings.length > 0,
            battery: delivery.battery,
            signal: delivery.signal,
            type: typeShown(delivery.readings),
          });
          const reason = setAsideReason(target);
          if (reason) {
            await repo.upsertUnrecognised(
              {
                source: delivery.source,
                identifier: delivery.deviceIdentifier,
                reason,
                deviceId: target?.deviceId ?? null,
                clinicId: target?.patientClinicId ?? target?.deviceClinicId ?? null,
                payload: delivery.raw,
              },
              now,
            );
            outcome.unrecognised.push(reason);
            continue;
          }
          outcome.accepted = true;
          if (delivery.readings.length) {
            toStore.push({ delivery, deviceId: target!.deviceId, patientId: target!.patientId! });
          }
        }
        toStore.sort((a, b) => a.patientId.localeCompare(b.patientId));
        for (const { delivery, deviceId, patientId } of toStore) {
          for (const r of delivery.readings) {
            const { duplicate } = await deps.readings.record(
              {
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
              },
              tx,
            );
            if (duplicate) outcome.duplicates += 1;
            else outcome.stored += 1;
          }
        }
      };
      // Readings are stored in one transaction with their devices' last-seen times; a heartbeat or a
      // delivery set aside is one statement or two, which need none.
      if (deliveries.some((d) => d.readings.length > 0)) {
        await deps.db.transaction((tx) => work(tx, tx));
      } else {
        await work(deps.db, undefined);
      }
      return outcome;
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
