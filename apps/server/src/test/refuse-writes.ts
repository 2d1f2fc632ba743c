import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

interface Writes {
  /** The table whose writes are caught. */
  table: string;
  operation: 'insert' | 'update';
  /** A trigger condition on the row (`new.kind = 'welcome'`); every row when left out. */
  when?: string;
}

interface Refusal extends Writes {
  /** The SQLSTATE raised: a plain failure, or the one a unique index raises on a lost race. */
  errcode?: 'raise_exception' | 'unique_violation';
}

/** Runs `body` while a trigger runs `action` (PL/pgSQL) before each of the writes, then drops it. */
async function withTrigger<T>(db: Db, writes: Writes, action: string, body: () => Promise<T>): Promise<T> {
  await db.execute(
    sql.raw(`create function writes_for_test() returns trigger language plpgsql as $$
      begin ${action} end $$`),
  );
  await db.execute(
    sql.raw(`create trigger writes_for_test before ${writes.operation} on ${writes.table} for each row
      ${writes.when ? `when (${writes.when})` : ''} execute function writes_for_test()`),
  );
  try {
    return await body();
  } finally {
    await db.execute(sql.raw(`drop trigger writes_for_test on ${writes.table}`));
    await db.execute(sql.raw('drop function writes_for_test()'));
  }
}

/**
 * Runs `body` while the database refuses some writes (a trigger raising an error), then lifts the refusal:
 * a failure at one exact step, for the tests of what such a failure leaves behind.
 */
export function whileRefusing<T>(db: Db, refusal: Refusal, body: () => Promise<T>): Promise<T> {
  const errcode = refusal.errcode ?? 'raise_exception';
  return withTrigger(
    db,
    refusal,
    `raise exception using errcode = '${errcode}', message = 'refused by the test';`,
    body,
  );
}

/**
 * Runs `body` while some writes take `ms` longer (the writing transaction sleeps, holding what it holds):
 * a window wide enough for a concurrent request to land in it, for the tests of races.
 */
export function whileSlowing<T>(db: Db, writes: Writes & { ms: number }, body: () => Promise<T>): Promise<T> {
  return withTrigger(db, writes, `perform pg_sleep(${writes.ms / 1000}); return new;`, body);
}
