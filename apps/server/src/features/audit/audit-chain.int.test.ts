import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tamperWithAudit } from '../../test/audit-tamper.js';
import { asUser, createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { verifyAuditChain } from './audit-chain.js';
import { sealAuditEvents } from './audit-seal.js';

let t: TestApp;
const sql = (text: string, values?: unknown[]) => t.app.vigil.database.executeSql(text, values);
const tamper = (...statements: string[]) => tamperWithAudit(sql, ...statements);
const seal = () => sealAuditEvents(t.app.vigil.database);
const verify = (anchor?: { seq: number; hash: string }) =>
  verifyAuditChain(t.app.vigil.database, { pageSize: 7, anchor });
type Row = { seq: string; id: string; details: string; prev_hash: string; hash: string };
async function event(seq: number): Promise<Row> {
  const { rows } = await sql(
    'select seq, id, details::text as details, prev_hash, hash from audit_events where seq = $1',
    [seq],
  );
  return rows[0] as Row;
}

beforeAll(async () => {
  t = await createTestApp();
  // Sign-ins and patient reads write events, some at the same moment.
  const token = await signIn(t.app, 'admin@circle.demo');
  const list = await asUser(t.app, token).get('/api/pacients/patient-priority-list');
  const ids = (list.json().patients as Array<{ _id: string }>).slice(0, 25).map((p) => p._id);
  await Promise.all(ids.map((id) => asUser(t.app, token).get(`/api/pacients/${id}/details`)));
  await seal();
});
afterAll(() => t.close());

describe('the audit chain', () => {
  it('seals every committed event, and verifies intact', async () => {
    const { rows } = await sql(
      'select count(*)::int as n, max(seq)::int as last from audit_events where seq is not null',
    );
    const { n, last } = rows[0] as { n: number; last: number };
    expect(n).toBeGreaterThan(20);
    expect(last).toBe(n);
    const result = await verify();
    expect(result).toMatchObject({ events: n, head: { seq: n }, break: null });
    expect(result.head.hash).toBe((await event(n)).hash);
  });

  it('refuses UPDATE, DELETE and TRUNCATE, and a forged link on insert', async () => {
    for (const statement of [
      "update audit_events set action = 'x' where seq = 1",
      "update audit_events set hash = 'x' where seq = 1",
      'delete from audit_events where seq = 1',
      'truncate audit_events',
      'update audit_chain_head set seq = 0',
      'delete from audit_chain_head',
    ])
      await expect(sql(statement), statement).rejects.toThrow(/append-only|head moves only/);
    await sql(
      `insert into audit_events (occurred_at, action, seq, prev_hash, hash, details)
       values (now(), 'test.forged', 1, 'x', 'y', '{"message":"Forged"}')`,
    );
    expect(await seal()).toBe(1);
    const { rows } = await sql("select seq::int as seq, hash from audit_events where action = 'test.forged'");
    const forged = rows[0] as { seq: number; hash: string };
    expect(forged.seq).toBeGreaterThan(1);
    expect(forged.hash).not.toBe('y');
    expect((await verify()).break).toBeNull();
  });

  it('finds an event altered in place', async () => {
    const target = await event(5);
    await tamper(`update audit_events set details = '{"message":"Nothing happened"}' where seq = 5`);
    const result = await verify();
    expect(result.break).toMatchObject({ kind: 'altered', seq: 5, eventId: target.id });
    expect(result.break?.message).toContain('was altered');
    await tamper(`update audit_events set details = $$${target.details}$$::jsonb where seq = 5`);
    expect((await verify()).break).toBeNull();
  });

  it('finds an event altered with its hash recomputed, by the next link', async () => {
    const target = await event(6);
    await tamper(
      `update audit_events set details = '{"message":"Nothing happened"}' where seq = 6`,
      `update audit_events set hash = encode(sha256(convert_to(prev_hash || audit_event_content(audit_events), 'UTF8')), 'hex') where seq = 6`,
    );
    expect((await verify()).break).toMatchObject({ kind: 'altered', seq: 6, eventId: target.id });
    await tamper(
      `update audit_events set details = $$${target.details}$$::jsonb, hash = '${target.hash}' where seq = 6`,
    );
    expect((await verify()).break).toBeNull();
  });

  it('finds a removed event', async () => {
    await tamper(
      'create table removed_event as select * from audit_events where seq = 9',
      'delete from audit_events where seq = 9',
    );
    const result = await verify();
    expect(result.break).toMatchObject({ kind: 'removed', seq: 10 });
    expect(result.break?.message).toContain('were removed');
    await tamper(
      'insert into audit_events overriding system value select * from removed_event',
      'drop table removed_event',
    );
    expect((await verify()).break).toBeNull();
  });

  it('finds an event removed and the later ones renumbered: by the head, else as the event before altered', async () => {
    const recorded = (await verify()).head;
    const next = await event(16);
    // Event 15 removed, 16 and later moved down one (through negative numbers: seq is unique).
    await tamper(
      'create table removed_event as select * from audit_events where seq = 15',
      'delete from audit_events where seq = 15',
      'update audit_events set seq = -seq where seq > 15',
      'update audit_events set seq = -seq - 1 where seq < 0',
    );
    // The head row still says #n while its event is now #n-1.
    const byHeadRow = (await verify()).break;
    expect(byHeadRow).toMatchObject({ kind: 'removed', seq: 15, eventId: next.id });
    expect(byHeadRow?.message).toContain('were removed and the later ones renumbered');
    expect(byHeadRow?.message).toContain(`recorded as #${recorded.seq} is now #${recorded.seq - 1}`);

    // With the head row moved down too, the rows are those of event 14 altered and rehashed: detected, and
    // named as either; the head kept from before tells which.
    await tamper('update audit_chain_head set seq = seq - 1');
    const alone = (await verify()).break;
    expect(alone).toMatchObject({ kind: 'altered', seq: 14 });
    expect(alone?.message).toContain('was altered and its hash rewritten, or the event(s) sealed after it');
    expect((await verify(recorded)).break).toMatchObject({ kind: 'removed', seq: 15, eventId: next.id });

    await tamper(
      'update audit_events set seq = -seq where seq >= 15',
      'update audit_events set seq = -seq + 1 where seq < 0',
      'insert into audit_events overriding system value select * from removed_event',
      'drop table removed_event',
      'update audit_chain_head set seq = seq + 1',
    );
    expect((await verify(recorded)).break).toBeNull();
  });

  it('finds the newest event removed, by the head', async () => {
    const last = (await verify()).head.seq;
    await tamper(
      `create table removed_event as select * from audit_events where seq = ${last}`,
      `delete from audit_events where seq = ${last}`,
    );
    expect((await verify()).break).toMatchObject({ kind: 'removed', seq: last - 1 });
    await tamper(
      'insert into audit_events overriding system value select * from removed_event',
      'drop table removed_event',
    );
    expect((await verify()).break).toBeNull();
  });

  it('finds two events swapped', async () => {
    await tamper(
      'update audit_events set seq = -12 where seq = 12',
      'update audit_events set seq = 12 where seq = 13',
      'update audit_events set seq = 13 where seq = -12',
    );
    const result = await verify();
    expect(result.break).toMatchObject({ kind: 'reordered', seq: 12 });
    expect(result.break?.message).toContain('out of place');
    await tamper(
      'update audit_events set seq = -12 where seq = 12',
      'update audit_events set seq = 12 where seq = 13',
      'update audit_events set seq = 13 where seq = -12',
    );
    expect((await verify()).break).toBeNull();
  });

  it('checks a head recorded earlier: still in the chain, with the same hash', async () => {
    const recorded = (await verify()).head;
    expect((await verify(recorded)).break).toBeNull();
    expect((await verify({ seq: recorded.seq, hash: 'f'.repeat(64) })).break).toMatchObject({
      kind: 'altered',
      seq: recorded.seq,
    });
    expect((await verify({ seq: recorded.seq + 5, hash: recorded.hash })).break).toMatchObject({
      kind: 'removed',
      seq: recorded.seq,
    });
  });

  it('seals new events in the order they were written, once, and only by the seal', async () => {
    const before = (await verify()).head;
    for (const n of [1, 2, 3]) {
      await sql(`insert into audit_events (occurred_at, action, details) values (now(), 'test.later', $1)`, [
        JSON.stringify({ message: `Later ${n}` }),
      ]);
    }
    // Written, not sealed yet: outside the chain, counted as waiting, and no break.
    expect(await verify()).toMatchObject({ head: before, break: null, pending: 3 });
    await expect(
      sql("update audit_events set seq = 0, prev_hash = '', hash = 'x' where action = 'test.later'"),
    ).rejects.toThrow(/append-only/);

    expect(await seal()).toBe(3);
    expect(await seal()).toBe(0);
    const { rows } = await sql(
      "select seq::int as seq, details->>'message' as message from audit_events where action = 'test.later' order by seq",
    );
    expect(rows).toEqual([
      { seq: before.seq + 1, message: 'Later 1' },
      { seq: before.seq + 2, message: 'Later 2' },
      { seq: before.seq + 3, message: 'Later 3' },
    ]);
    expect(await verify()).toMatchObject({ head: { seq: before.seq + 3 }, break: null, pending: 0 });
  });
});
