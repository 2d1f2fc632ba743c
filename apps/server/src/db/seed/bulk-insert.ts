import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.js';

/** Rows per statement: a few megabytes of JSON at most. */
const chunkSize = 5000;

/**
 * Inserts many rows as one JSON parameter expanded by `jsonb_to_recordset`, which is an order of magnitude
 * faster than a multi-row VALUES list on PGlite (one parameter to parse instead of one per value), for the
 * demo seed. Columns are those any row sets; a column some rows leave out is null in them, not its default.
 */
export async function bulkInsert<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.raw(columns.map(([, c]) => `"${c.name}"`).join(', '));
  const types = sql.raw(columns.map(([, c]) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  for (let i = 0; i < rows.length; i += chunkSize) {
    const json = JSON.stringify(
      rows.slice(i, i + chunkSize).map((row) => {
        const values = row as Record<string, unknown>;
        return Object.fromEntries(columns.map(([key, c]) => [c.name, values[key] ?? null]));
      }),
    );
    await db.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types})`,
    );
  }
}
