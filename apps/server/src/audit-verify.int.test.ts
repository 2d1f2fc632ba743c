import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.js';
import { verifyAuditChain } from './features/audit/audit-chain.js';
import { sealAuditEvents } from './features/audit/audit-seal.js';
import { tamperWithAudit } from './test/audit-tamper.js';
import { createTarget, freePort, runScript, type Target } from './test/cli-target.js';

/**
 * `npm run audit:verify` run as a user runs it (`test/cli-target.ts`), against a database of its own.
 */
let port: number;
const auditVerify = (target: Target, args: string[] = []) => runScript('audit:verify', target, port, args);

async function chainState(sql: Database['executeSql']) {
  const { rows } = await sql(
    `select (select count(*)::int from audit_events) as events,
            (select seq::int from audit_chain_head) as "headSeq",
            (select hash from audit_chain_head) as "headHash"`,
  );
  return rows[0] as { events: number; headSeq: number; headHash: string };
}

let chain: Target;

beforeAll(async () => {
  port = await freePort();
  chain = await createTarget(true);
  await chain.use(async ({ executeSql: sql }) => {
    const write = (n: number) =>
      sql(`insert into audit_events (occurred_at, action, details) values (now(), 'test.cli', $1)`, [
        JSON.stringify({ message: `Event ${n}` }),
      ]);
    for (let n = 1; n <= 6; n++) await write(n);
    await sealAuditEvents({ executeSql: sql });
    // Written after the seal: the command counts it as waiting, and leaves it so.
    await write(7);
  });
});
afterAll(async () => {
  await chain?.drop();
});

describe('npm run audit:verify', () => {
  let recorded: { headSeq: number; headHash: string };

  it('exits 0 on an intact chain, prints its head and the events waiting for the seal, and changes nothing', async () => {
    const before = await chain.use(({ executeSql }) => chainState(executeSql));
    expect(before.events).toBeGreaterThanOrEqual(7);
    const run = await auditVerify(chain);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Checked ${before.events - 1} audit events.`);
    expect(run.stdout).toContain('1 newer event(s) are not sealed yet');
    expect(run.stdout).toContain(`Head: ${before.headSeq}:${before.headHash}`);
    expect(run.stdout).toContain('The audit chain is intact');
    expect(await chain.use(({ executeSql }) => chainState(executeSql))).toEqual(before);
    recorded = before;
  });

  it('exits 1 naming the event edited directly in the database', async () => {
    const target = await chain.use(async ({ executeSql: sql }) => {
      const { rows } = await sql('select id, details::text as details from audit_events where seq = 3');
      const row = rows[0] as { id: string; details: string };
      await tamperWithAudit(
        sql,
        `update audit_events set details = '{"message":"Nothing happened"}' where seq = 3`,
      );
      return row;
    });
    const run = await auditVerify(chain);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The audit chain is broken (altered)');
    expect(run.stderr).toContain(`#3 (test.cli`);
    expect(run.stderr).toContain(target.id);
    await chain.use(({ executeSql: sql }) =>
      tamperWithAudit(sql, `update audit_events set details = $$${target.details}$$::jsonb where seq = 3`),
    );
  });

  it('with --head from an earlier run, reports the newest events removed, head and all', async () => {
    const { headSeq, headHash } = recorded;
    await chain.use(async (database) => {
      // The two newest events removed, and the head moved back to the event before them: a chain that
      // holds together, which only the head kept elsewhere can tell from the original.
      await tamperWithAudit(
        database.executeSql,
        `delete from audit_events where seq > ${headSeq - 2}`,
        `update audit_chain_head set seq = e.seq, hash = e.hash from audit_events e where e.seq = ${headSeq - 2}`,
      );
      expect((await verifyAuditChain(database)).break).toBeNull();
    });
    const run = await auditVerify(chain, ['--head', `${headSeq}:${headHash}`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The audit chain is broken (removed)');
    expect(run.stderr).toContain(
      `The chain ends at event #${headSeq - 2}, before the head recorded earlier (#${headSeq})`,
    );
  });

  it('only reads: a database without the audit tables is reported (exit 2) and left as it was', async () => {
    const fresh = await createTarget(false);
    try {
      const schema = (database: Database) =>
        database
          .executeSql(
            `select n.nspname || '.' || c.relname || ':' || c.relkind::text as name from pg_class c
               join pg_namespace n on n.oid = c.relnamespace
              where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
              order by 1`,
          )
          .then(({ rows }) => rows);
      const before = await fresh.use(schema);
      expect(before).toEqual([]);
      const run = await auditVerify(fresh);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('This database has no audit chain');
      expect(run.stderr).toContain('the table audit_events');
      expect(await fresh.use(schema)).toEqual(before);
    } finally {
      await fresh.drop();
    }
  });
});
