import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { type AuditEventInput, createAuditRepository } from './audit.repository.js';

export function createAuditService(deps: { clock: Clock }) {
  return {
    /** Appends an event; pass the transaction when the event must stand or fall with the change. */
    record(db: DbOrTx, event: AuditEventInput): Promise<void> {
      return createAuditRepository(db).append(event, deps.clock.now());
    },

    /** A read of a patient's record (DESIGN 3): which part was viewed, and the trail's sentence for it. */
    patientViewed(
      db: DbOrTx,
      viewed: {
        actorUserId: string;
        patient: { id: string; clinicId: string };
        view: string;
        message: string;
        ip: string | null;
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
          details: { view: viewed.view, message: viewed.message },
          ip: viewed.ip,
        },
        deps.clock.now(),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
