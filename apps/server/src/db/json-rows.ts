import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A multi-row insert of `keys` into `table` whose SQL text is the same for any number of rows: the rows
 * travel as one JSON parameter that `jsonb_to_recordset` reads with the columns' own types. Drizzle's
 * `insert().values(rows)` builds its text again for every call, a parameter per value, which was a tenth of
 * a webhook's CPU for the metrics row and the audit events every reading writes (decision 0015). Columns
 * left out take their defaults; a key missing from a row is stored as null.
 */
export function jsonRowsInsert<T extends PgTable>(
  table: T,
  keys: readonly (keyof T['$inferInsert'] & string)[],
) {
  const all = getTableColumns(table);
  const columns = keys.map((key) => all[key]!);
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const types = columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', ');
  const head = sql.raw(
    `insert into "${getTableName(table)}" (${names}) select ${names} from jsonb_to_recordset(`,
  );
  const tail = sql.raw(`::jsonb) as x(${types})`);
  return (rows: readonly T['$inferInsert'][]): SQL => {
    const json = JSON.stringify(
      rows.map((row) =>
        Object.fromEntries(
          columns.map((c, i) => [c.name, (row as Record<string, unknown>)[keys[i]!] ?? null]),
        ),
      ),
    );
    return sql`${head}${json}${tail}`;
  };
}
