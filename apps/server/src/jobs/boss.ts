import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';

/** pg-boss on the product's own database; on PGlite through the same connection (DESIGN section 7). */
export function createBoss(database: Database, databaseUrl: string | undefined): PgBoss {
  if (databaseUrl) return new PgBoss({ connectionString: databaseUrl, max: 4 });
  return new PgBoss({ db: { executeSql: database.executeSql } });
}
