import type { Database } from '../db/client.js';

/**
 * Runs a tamperer's statements the way a database owner could: with the audit triggers, which refuse
 * them, switched off for their time.
 */
export async function tamperWithAudit(sql: Database['executeSql'], ...statements: string[]): Promise<void> {
  await sql('alter table audit_events disable trigger user');
  await sql('alter table audit_chain_head disable trigger user');
  try {
    for (const s of statements) await sql(s);
  } finally {
    await sql('alter table audit_events enable trigger user');
    await sql('alter table audit_chain_head enable trigger user');
  }
}
