import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

export interface AuditEventInput {
  actorUserId: string | null;
  clinicId?: string | null;
  patientId?: string | null;
  action: string;
  entityType?: string;
  entityId?: string;
  /**
   * The sentence the audit trail shows (stored as `details.message`): what was done and to which record,
   * never a password, a token, a code or a text message's words (decision 0012).
   */
  message: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Events per insert statement: 10 columns each stay well under the protocol's parameter limit. */
const appendChunk = 1000;

function toRow({ message, details, ...event }: AuditEventInput, now: Date) {
  // An event nobody can read is an audit gap: refused here, whatever the caller's types allowed.
  if (!message.trim()) throw new Error(`Audit event ${event.action} has no message`);
  return { ...event, details: { ...details, message }, occurredAt: now };
}

export function createAuditRepository(db: DbOrTx) {
  return {
    async append(event: AuditEventInput, now: Date): Promise<void> {
      await db.insert(auditEvents).values(toRow(event, now));
    },

    /** Many events in one statement (a batch of device readings, bulk time over a list). */
    async appendMany(events: readonly AuditEventInput[], now: Date): Promise<void> {
      // In chunks: one statement's parameters are limited (65,535 in PostgreSQL's protocol).
      for (let i = 0; i < events.length; i += appendChunk) {
        await db.insert(auditEvents).values(events.slice(i, i + appendChunk).map((e) => toRow(e, now)));
      }
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
