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
