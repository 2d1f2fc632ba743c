import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DatabaseUnreachableError, DataDirInUseError } from './db/client.js';
import { demoAccounts, demoPassword } from './db/seed/demo.js';
import { createUsersRepository } from './features/users/users.repository.js';

/** What an operator reads when the port cannot be taken, in place of Node's stack trace. */
function listenRefusal(error: unknown, config: Config): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE')
    return `Port ${config.port} is in use (${where}): another program, perhaps another Vigil, listens on it. Stop it, or set PORT to a free port.`;
  if (code === 'EACCES')
    return `Port ${config.port} needs privileges this user lacks (${where}): set PORT to 1024 or above.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `HOST ${config.host} is not an address of this machine: set HOST to one of its addresses, or leave it unset.`;
  return undefined;
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const refused = listenRefusal(error, config);
    if (!refused) throw error;
    await app.close();
    console.error(refused);
    process.exit(1);
  }

  const database = app.vigil.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.info(`\nVigil is running at http://localhost:${config.port} (database: ${database})`);
  // Only where the demo's accounts are: a database that had accounts of its own was never seeded.
  if (await createUsersRepository(app.vigil.database.db).emailTaken(demoAccounts[0]!.email)) {
    console.info(`Demo accounts (password ${demoPassword}):`);
    for (const account of demoAccounts) console.info(`  ${account.email}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections, lets in-flight requests finish, then runs onClose hooks.
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  const told = error instanceof DataDirInUseError || error instanceof DatabaseUnreachableError;
  console.error(told ? error.message : error);
  process.exit(1);
});
