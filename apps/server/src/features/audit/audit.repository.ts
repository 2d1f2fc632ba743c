import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

export interface AuditEventInput {
  actorUserId: string | null;
  clinicId?: string | null;
  patientId?: string | null;
  action: string;
  entityType?: string;
  entityId?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export function createAuditRepository(db: DbOrTx) {
  return {
    async append(event: AuditEventInput, now: Date): Promise<void> {
      await db.insert(auditEvents).values({ ...event, occurredAt: now });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
