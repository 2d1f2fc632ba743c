import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { type AuditEventInput, createAuditRepository } from './audit.repository.js';

export function createAuditService(deps: { clock: Clock }) {
  return {
    /** Appends an event; pass the transaction when the event must stand or fall with the change. */
    record(db: DbOrTx, event: AuditEventInput): Promise<void> {
      return createAuditRepository(db).append(event, deps.clock.now());
    },

    /** Appends many events in as few statements as possible, as `record` would one by one. */
    recordMany(db: DbOrTx, events: readonly AuditEventInput[]): Promise<void> {
      return createAuditRepository(db).appendMany(events, deps.clock.now());
    },

    /** A read of a patient's record (DESIGN 3): which part was viewed, and the trail's sentence for it. */
    patientViewed(
      db: DbOrTx,
      viewed: {
        actorUserId: string;
        patient: { id: string; clinicId: string | null };
        view: string;
        message: string;
        ip: string | null;
        details?: Record<string, unknown>;
      },
    ): Promise<void> {
      return createAuditRepository(db).append(
        {
          actorUserId: viewed.actorUserId,
          clinicId: viewed.patient.clinicId,
          patientId: viewed.patient.id,
          action: 'patient.viewed',
          entityType: 'patient',
          entityId: viewed.patient.id,
          message: viewed.message,
          details: { ...viewed.details, view: viewed.view },
          ip: viewed.ip,
        },
        deps.clock.now(),
      );
    },

    /**
     * A read of many patients at once (a list page, the device inventory): one event, with no patient, that
     * names the list and the patients shown, rather than one event per patient.
     */
    patientsListed(
      db: DbOrTx,
      listed: {
        actorUserId: string;
        clinicId: string | null;
        list: string;
        patientIds: readonly string[];
        message: string;
        ip: string | null;
        details?: Record<string, unknown>;
      },
    ): Promise<void> {
      return createAuditRepository(db).append(
        {
          actorUserId: listed.actorUserId,
          clinicId: listed.clinicId,
          patientId: null,
          action: 'patients.listed',
          entityType: 'patient-list',
          entityId: listed.list,
          message: listed.message,
          details: {
            ...listed.details,
            list: listed.list,
            count: listed.patientIds.length,
            patientIds: listed.patientIds,
          },
          ip: listed.ip,
        },
        deps.clock.now(),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
