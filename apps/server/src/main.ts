import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/client.js';
import { demoAccounts, demoPassword } from './db/seed/demo.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
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
  await app.listen({ port: config.port, host: config.host });

  const database = app.vigil.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  console.info(`\nVigil is running at http://localhost:${config.port} (database: ${database})`);
  if (config.seedDemo) {
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
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
