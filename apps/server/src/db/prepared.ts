import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * A query prepared once per database handle and reused: Drizzle builds its SQL once, and PostgreSQL parses
 * and plans it once per connection (`build` names the statement), instead of on every call. Meant for the
 * queries every request runs, whose SQL building and planning were most of their cost (decision 0015). A
 * transaction is a handle of its own, so a query prepared on it runs inside it. The statement's text must not
 * depend on the values: they go in `sql.placeholder`s.
 */
export function preparedOnce<T>(db: DbOrTx, build: (db: DbOrTx) => T): T {
  let built = cache.get(db);
  if (!built) {
    built = new Map();
    cache.set(db, built);
  }
  if (!built.has(build)) built.set(build, build(db));
  return built.get(build) as T;
}

const cache = new WeakMap<DbOrTx, Map<(db: DbOrTx) => unknown, unknown>>();

/** What `executePrepared` reaches of Drizzle: the handle's dialect and session, which `db.execute` uses. */
interface Internals {
  dialect: { sqlToQuery(query: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      arrayMode: false,
    ): {
      execute(): Promise<{ rows: unknown[] }>;
    };
  };
}

/**
 * `db.execute` for a statement whose text does not depend on its values (they are all parameters, such as
 * the JSON rows of `jsonRowsInsert`), run as a named statement: PostgreSQL parses it once per connection and
 * may keep its plan, where `db.execute` has every call parsed and planned again. Meant for the statements of
 * a webhook batch (decision 0015). The name is the text's hash, so each variant of a statement's text has its
 * own; a text built from values would leave a statement per value on every connection. Drizzle prepares
 * only its query builders, so this calls what `db.execute` calls, with a name; PGlite ignores the name.
 */
export function executePrepared<Row>(db: DbOrTx, query: SQL): Promise<{ rows: Row[] }> {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    name = `s${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
    statementNames.set(built.sql, name);
  }
  return session.prepareQuery(built, undefined, name, false).execute() as Promise<{ rows: Row[] }>;
}

const statementNames = new Map<string, string>();
