// Starts the real Vigil server for the end-to-end tests: port 3100 (or E2E_PORT), a fresh PGlite database in a
// temporary directory, or the empty PostgreSQL database of DATABASE_URL when it is set (migrated and seeded with
// the demo accounts on start), test mode, a generous sign-in rate limit.
// The web app must be built before (npm test does it); the server serves apps/web/dist.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-e2e-'));
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  },
});

let stopping = false;
function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null) child.kill(signal);
  // The server closes cleanly on SIGTERM; do not wait forever for it.
  setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
