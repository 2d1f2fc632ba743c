// What the project's commands share (`npm run audit:verify`, `npm run admin:create`).
import type { Config } from './config.js';

/**
 * Whether a Vigil server answers on this machine's port while the configured database is the embedded one,
 * which has one user at a time: then the command (`name`) says to stop the server first, and must not run.
 */
export async function embeddedDatabaseBusy(config: Config, name: string): Promise<boolean> {
  if (config.databaseUrl) return false;
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    if (!res.ok) return false;
  } catch {
    return false;
  }
  console.error(
    `A Vigil server answers on port ${config.port}. The embedded database has one user at a time: stop the server, then run ${name} again.`,
  );
  return true;
}

/**
 * Runs a command's `main` and exits with the status it answers; a failure it did not expect is printed after
 * `failed` ("audit:verify could not check the chain") and exits 2.
 */
export function runCommand(main: () => Promise<number>, failed: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${failed}: ${error instanceof Error ? error.message : error}`);
      process.exit(2);
    },
  );
}
