import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';

/** What `verifyAuditChain` found first, in the chain's order. */
export interface ChainBreak {
  kind: 'altered' | 'removed' | 'reordered';
  /** The event where the break shows (for 'removed' at the end, the last event left). */
  seq: number | null;
  eventId: string | null;
  message: string;
}

export interface ChainReport {
  /** Events checked, in the chain's order. */
  events: number;
  /** The newest link as the head row holds it: keep it elsewhere to detect a rewrite of the whole chain. */
  head: { seq: number; hash: string };
  /** The first break, or null when every event is intact and in place. */
  break: ChainBreak | null;
  /**
   * Events written but not sealed yet (decision 0012): a running server seals them within a second, a stopped
   * one when it starts. They are not checked, nor is anything reported of them, until then.
   */
  pending: number;
}

interface ChainRow {
  seq: string | number;
  id: string;
  occurred_at: string | Date;
  action: string;
  prev_hash: string;
  hash: string;
  content: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const label = (r: ChainRow) => `#${r.seq} (${r.action}, ${new Date(r.occurred_at).toISOString()}, ${r.id})`;

/**
 * What the chain needs that this database lacks (migration 0006 creates them all): a database never migrated,
 * or not Vigil's. Read from the catalogue, so nothing is created or changed.
 */
export async function missingAuditChain(database: Database): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select to_regclass('audit_events') is not null as events,
            to_regclass('audit_chain_head') is not null as head,
            exists (select 1 from pg_proc where proname = 'audit_event_content') as content`,
  );
  const found = rows[0] as { events: boolean; head: boolean; content: boolean };
  return [
    found.events ? null : 'the table audit_events',
    found.head ? null : 'the table audit_chain_head',
    found.content ? null : 'the function audit_event_content',
  ].filter((m): m is string => m !== null);
}

/** The first of `links` (seq and hash) whose hash an event now holds at a lower seq: events before it were removed. */
async function movedLink(
  database: Database,
  links: Array<{ seq: number; hash: string } | undefined>,
): Promise<{ recorded: number; now: number } | null> {
  for (const link of links) {
    if (!link?.hash) continue;
    const { rows } = await database.executeSql('select seq from audit_events where hash = $1 limit 1', [
      link.hash,
    ]);
    const now = rows[0] ? Number((rows[0] as { seq: string | number }).seq) : null;
    if (now !== null && now < link.seq) return { recorded: link.seq, now };
  }
  return null;
}

/**
 * Walks the audit chain in order of `seq` and recomputes each hash here, from the canonical content the
 * database gives (migration 0006): an event whose content no longer matches its hash was altered; an event
 * whose link points at a hash that exists elsewhere was moved; one whose link points at a hash that no
 * longer exists follows a removal, or, with no gap in seq, the event before it was altered and rehashed (which
 * leaves the same rows as a removal with the later events renumbered, unless a known head moved down); a head
 * beyond the last event means the newest events were removed. Events not sealed yet are counted, not checked.
 * An `anchor`, a head printed by an earlier run and kept elsewhere, must still be in the chain unchanged.
 */
export async function verifyAuditChain(
  database: Database,
  options: { pageSize?: number; anchor?: { seq: number; hash: string } } = {},
): Promise<ChainReport> {
  const { pageSize = 5000, anchor } = options;
  const [head] = (await database.executeSql('select seq, hash from audit_chain_head where id = 1'))
    .rows as Array<{ seq: string | number; hash: string }>;
  const headLink = { seq: Number(head?.seq ?? 0), hash: head?.hash ?? '' };
  const { rows: waiting } = await database.executeSql(
    'select count(*)::int as pending from audit_events where seq is null',
  );
  const pending = Number((waiting[0] as { pending: number }).pending);
  const report = (events: number, found: ChainBreak | null): ChainReport => ({
    events,
    head: headLink,
    break: found,
    pending,
  });

  // Only the events up to the head read above: those committed meanwhile are the next run's.
  let previous: ChainRow | null = null;
  let events = 0;
  for (;;) {
    const { rows } = await database.executeSql(
      `select seq, id, occurred_at, action, prev_hash, hash, audit_event_content(e) as content
         from audit_events e where seq > $1 and seq <= $2 order by seq limit $3`,
      [previous ? Number(previous.seq) : 0, headLink.seq, pageSize],
    );
    for (const row of rows as ChainRow[]) {
      const seq = Number(row.seq);
      const expectedLink = previous ? previous.hash : '';
      if (row.prev_hash !== expectedLink) {
        const { rows: linked } = await database.executeSql(
          'select seq from audit_events where hash = $1 limit 1',
          [row.prev_hash],
        );
        const at = { seq, eventId: row.id };
        if (linked.length > 0) {
          const sealedAfter = Number((linked[0] as { seq: string | number }).seq);
          return report(events, {
            kind: 'reordered',
            ...at,
            message: `Event ${label(row)} is out of place: it was sealed after event #${sealedAfter}, not after #${previous?.seq ?? 0}.`,
          });
        }
        if (previous && seq === Number(previous.seq) + 1) {
          // No gap in seq, yet the event this one was sealed after is gone: either the previous event was
          // altered and rehashed, or events in between were removed and the later ones renumbered. The two
          // leave the same rows (seq is outside the hashed content); a known head that now sits at a lower
          // seq tells them apart.
          const moved = await movedLink(database, [headLink, anchor]);
          if (moved) {
            return report(events, {
              kind: 'removed',
              ...at,
              message: `The event(s) sealed between ${label(previous)} and ${label(row)} were removed and the later ones renumbered: the head recorded as #${moved.recorded} is now #${moved.now}.`,
            });
          }
          return report(events, {
            kind: 'altered',
            seq: Number(previous.seq),
            eventId: previous.id,
            message: `Event ${label(previous)} was altered and its hash rewritten, or the event(s) sealed after it were removed and the later ones renumbered: event #${seq} was sealed after an event that is no longer there. The chain alone cannot tell which; a head kept from an earlier run (--head) can, when it is newer than event #${seq}.`,
          });
        }
        return report(events, {
          kind: 'removed',
          ...at,
          message: `The event(s) sealed before event ${label(row)} were removed: its link points to an event that is no longer there.`,
        });
      }
      if (sha256(row.prev_hash + row.content) !== row.hash) {
        return report(events, {
          kind: 'altered',
          seq,
          eventId: row.id,
          message: `Event ${label(row)} was altered: its content no longer matches its hash.`,
        });
      }
      if (anchor && seq === anchor.seq && row.hash !== anchor.hash) {
        return report(events, {
          kind: 'altered',
          seq,
          eventId: row.id,
          message: `Event ${label(row)} no longer has the hash recorded for it: the chain was rewritten from there or before.`,
        });
      }
      previous = row;
      events++;
    }
    if (rows.length < pageSize) break;
  }

  const lastSeq = previous ? Number(previous.seq) : 0;
  if (headLink.seq !== lastSeq || headLink.hash !== (previous?.hash ?? '')) {
    return report(events, {
      kind: 'removed',
      seq: lastSeq,
      eventId: previous?.id ?? null,
      message: `The newest event(s) were removed: the chain's head is event #${headLink.seq}, the last event left is #${lastSeq}.`,
    });
  }
  if (anchor && anchor.seq > lastSeq) {
    return report(events, {
      kind: 'removed',
      seq: lastSeq,
      eventId: previous?.id ?? null,
      message: `The chain ends at event #${lastSeq}, before the head recorded earlier (#${anchor.seq}): events were removed.`,
    });
  }
  return report(events, null);
}
