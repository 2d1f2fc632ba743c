import pg from 'pg';

/** Runs SQL on a PostgreSQL server outside any test database (creating and dropping databases). */
export async function onPostgresServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
