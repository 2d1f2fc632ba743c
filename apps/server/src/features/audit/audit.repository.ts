import { sql } from 'drizzle-orm';
import { batched } from '../../db/batched.js';
import type { DbOrTx } from '../../db/client.js';
import { jsonRowsInsert } from '../../db/json-rows.js';
import { executePrepared, preparedOnce } from '../../db/prepared.js';
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

/** Events per insert statement. */
const appendChunk = 1000;

function toRow({ message, details, ...event }: AuditEventInput, now: Date) {
  // An event nobody can read is an audit gap: refused here, whatever the caller's types allowed.
  if (!message.trim()) throw new Error(`Audit event ${event.action} has no message`);
  return { ...event, details: { ...details, message }, occurredAt: now };
}

export function createAuditRepository(db: DbOrTx) {
  return {
    /** One event; outside a transaction, the events of one moment share a statement (`batched`). */
    async append(event: AuditEventInput, now: Date): Promise<void> {
      await appendRow(db, toRow(event, now));
    },

    /** Many events in one statement (a batch of device readings, bulk time over a list). */
    async appendMany(events: readonly AuditEventInput[], now: Date): Promise<void> {
      await insertRows(
        db,
        events.map((e) => toRow(e, now)),
      );
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

type AuditEventValues = ReturnType<typeof toRow>;

const insertEvents = jsonRowsInsert(auditEvents, [
  'occurredAt',
  'actorUserId',
  'clinicId',
  'patientId',
  'action',
  'entityType',
  'entityId',
  'details',
  'ip',
]);

async function insertRows(db: DbOrTx, rows: AuditEventValues[]): Promise<void> {
  // In chunks: one parameter of a few megabytes at most, however many events a bulk change writes.
  for (let i = 0; i < rows.length; i += appendChunk) {
    await executePrepared(db, insertEvents(rows.slice(i, i + appendChunk)));
  }
}

/** A lone event runs the prepared statement; a batch of them one multi-row insert. */
const appendRow = batched(async (db, rows: AuditEventValues[]) => {
  if (rows.length === 1) await appendOne(db, rows[0]!);
  else await insertRows(db, rows);
  return rows.map(() => undefined);
});

const appendOne = (db: DbOrTx, row: AuditEventValues) =>
  preparedOnce(db, appendQuery).execute({
    occurredAt: row.occurredAt,
    actorUserId: row.actorUserId,
    clinicId: row.clinicId ?? null,
    patientId: row.patientId ?? null,
    action: row.action,
    entityType: row.entityType ?? null,
    entityId: row.entityId ?? null,
    details: row.details,
    ip: row.ip ?? null,
  });

/**
 * One event, prepared (`preparedOnce`): nearly every request appends one. In a transaction it is built again,
 * but PostgreSQL still parses and plans it once per connection, its text being the same.
 */
const appendQuery = (db: DbOrTx) =>
  db
    .insert(auditEvents)
    .values({
      occurredAt: sql.placeholder('occurredAt'),
      actorUserId: sql.placeholder('actorUserId'),
      clinicId: sql.placeholder('clinicId'),
      patientId: sql.placeholder('patientId'),
      action: sql.placeholder('action'),
      entityType: sql.placeholder('entityType'),
      entityId: sql.placeholder('entityId'),
      details: sql.placeholder('details'),
      ip: sql.placeholder('ip'),
    })
    .prepare('append_audit_event');
