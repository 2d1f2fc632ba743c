import { AppError, errorMessages, type ManualReading, type ReadingView } from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { ReadingRow } from '../../db/schema/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope } from '../patients/patient-scope.js';
import type { ReadingsService } from './readings.service.js';
import { createReadingsViewRepository } from './readings-view.repository.js';

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

export function toReadingView(r: ReadingRow): ReadingView {
  return {
    _id: r.id,
    date: r.takenAt.toISOString(),
    timezone: r.timeZone,
    type: r.source === 'MANUAL' ? 'MANUAL' : 'DEVICE',
    source: r.source,
    systolic: r.systolic,
    diastolic: r.diastolic,
    heartRate: r.heartRate,
    weight: r.weightLbs,
  };
}

/**
 * The detail page's readings (spec patients 2.6, 7): a range for the table and chart, manual entry and
 * removal. Every write goes through the readings service, so alerts and list metrics follow it.
 */
export function createPatientReadingsService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  readings: ReadingsService;
}) {
  const { db, audit, readings } = deps;
  const view = createReadingsViewRepository(db);

  async function visiblePatient(actor: AuthUser, patientId: string) {
    const patient = await view.findPatient(patientScope(actor), patientId);
    if (!patient) throw notFound();
    return patient;
  }

  return {
    async listInRange(
      actor: AuthUser,
      patientId: string,
      range: { start: Date; end: Date },
      ip: string | null,
    ): Promise<{ readings: ReadingView[] }> {
      const patient = await visiblePatient(actor, patientId);
      const rows = await view.findByPatientInRange(patient.id, range.start, range.end);
      await audit.patientViewed(db, {
        actorUserId: actor.id,
        patient,
        view: 'readings',
        message: 'Viewed readings',
        ip,
      });
      return { readings: rows.map(toReadingView) };
    },

    /**
     * Readings typed in the manual reading dialog, all or none: each goes through `record` (source MANUAL,
     * so never device data for billing) inside one transaction, and each raises what a device's would.
     */
    async addManual(
      actor: AuthUser,
      patientId: string,
      entries: readonly ManualReading[],
    ): Promise<{ readings: ReadingView[] }> {
      const patient = await visiblePatient(actor, patientId);
      const stored = await db.transaction(async (tx) => {
        const rows: ReadingRow[] = [];
        for (const entry of entries) {
          const { reading } = await readings.record(
            {
              patientId: patient.id,
              takenAt: entry.date,
              timeZone: entry.timezone,
              systolic: entry.systolic ?? null,
              diastolic: entry.diastolic ?? null,
              heartRate: entry.heartRate ?? null,
              weightLbs: entry.weight ?? null,
              source: 'MANUAL',
              createdBy: actor.id,
            },
            tx,
          );
          rows.push(reading);
        }
        return rows;
      });
      return { readings: stored.map(toReadingView) };
    },

    /** Marks a reading removed: it counts nowhere after, and the patient's metrics are recomputed. */
    async remove(actor: AuthUser, readingId: string): Promise<{ reading: ReadingView }> {
      const found = await view.findInScope(patientScope(actor), readingId);
      if (!found) throw notFound();
      return { reading: toReadingView(await readings.remove(found.id, actor.id)) };
    },
  };
}

export type PatientReadingsService = ReturnType<typeof createPatientReadingsService>;
