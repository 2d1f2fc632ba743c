import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { type AuditEventInput, createAuditRepository } from './audit.repository.js';

export function createAuditService(deps: { clock: Clock }) {
  return {
    /** Appends an event; pass the transaction when the event must stand or fall with the change. */
    record(db: DbOrTx, event: AuditEventInput): Promise<void> {
      return createAuditRepository(db).append(event, deps.clock.now());
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
