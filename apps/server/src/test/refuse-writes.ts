import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

interface Refusal {
  /** The table whose writes are refused. */
  table: string;
  operation: 'insert' | 'update';
  /** A trigger condition on the row (`new.kind = 'welcome'`); every row when left out. */
  when?: string;
  /** The SQLSTATE raised: a plain failure, or the one a unique index raises on a lost race. */
  errcode?: 'raise_exception' | 'unique_violation';
}

/**
 * Runs `body` while the database refuses some writes (a trigger raising an error), then lifts the refusal:
 * a failure at one exact step, for the tests of what such a failure leaves behind.
 */
export async function whileRefusing<T>(db: Db, refusal: Refusal, body: () => Promise<T>): Promise<T> {
  const errcode = refusal.errcode ?? 'raise_exception';
  await db.execute(
    sql.raw(`create function refuse_for_test() returns trigger language plpgsql as $$
      begin raise exception using errcode = '${errcode}', message = 'refused by the test'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger refuse_for_test before ${refusal.operation} on ${refusal.table} for each row
      ${refusal.when ? `when (${refusal.when})` : ''} execute function refuse_for_test()`),
  );
  try {
    return await body();
  } finally {
    await db.execute(sql.raw(`drop trigger refuse_for_test on ${refusal.table}`));
    await db.execute(sql.raw('drop function refuse_for_test()'));
  }
}
