import { execFile, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/index.js';
import { createTarget, freePort, type Target } from './test/cli-target.js';

/**
 * The server started as `npm start` starts it (`main.ts`), on a migrated database of its own without the
 * demo, where the operator's mistakes stop it with one line each instead of Node's stack trace.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let target: Target;

function startServer(env: Record<string, string>) {
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...target.env,
    ...env,
  };
  if (!target.env.DATABASE_URL && !env.DATABASE_URL) delete full.DATABASE_URL;
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
      { cwd: root, env: full, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? -1) : 0, stderr }),
    );
  });
}

beforeAll(async () => {
  target = await createTarget(true);
});
afterAll(async () => {
  await target?.drop();
});

describe('starting the server', () => {
  let occupied: Server;
  beforeAll(async () => {
    occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(0, '0.0.0.0', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => occupied.close(() => resolve())));

  it('on a port another program holds, says so in one line and exits 1, leaving the database to the next start', async () => {
    const address = occupied.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const run = await startServer({ PORT: String(port) });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Port ${port} is in use (0.0.0.0:${port}): another program, perhaps another Vigil, listens on it. Stop it, or set PORT to a free port.`,
    );
    // The embedded database was closed, not left locked: the test's own open succeeds.
    await target.use(async (database) => {
      expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    });
  });

  it('on a PORT that is not a number, names the variable and what it must be', async () => {
    const run = await startServer({ PORT: 'abc' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid environment configuration:\n  PORT: must be a whole number from 1 to 65535',
    );
  });

  it('on a DATABASE_URL where no PostgreSQL answers, names the variable and the database, without the password', async () => {
    const run = await startServer({
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://vigil:secret-word@127.0.0.1:1/vigil_nowhere',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^DATABASE_URL: cannot use the PostgreSQL database vigil_nowhere at 127\.0\.0\.1:1: .*ECONNREFUSED.*\. Check that the server runs there and that the database exists\.$/,
    );
    expect(run.stderr).not.toContain('secret-word');
  });

  it('names the demo accounts only where they are: a database with an account of its own gets no demo', async () => {
    await target.use((database) =>
      database.db.insert(users).values({
        email: 'ada@example-clinic.org',
        firstName: 'Ada',
        lastName: 'Admin',
        roleType: 'CARE_NAVIGATOR',
        access: 'ADMIN',
        portal: 'CIRCLE',
        passwordHash: 'not-a-hash',
      }),
    );
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      PORT: String(port),
      ...target.env,
    };
    if (!target.env.DATABASE_URL) delete env.DATABASE_URL;
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env,
    });
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Vigil is running')) resolve();
      });
      server.on('exit', () => reject(new Error(`exited before it answered: ${stdout}`)));
    });
    // The lines after the first come once the server has looked for the demo's accounts: a moment.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Everything it wrote, once its output is closed.
    await new Promise<void>((resolve) => {
      server.on('close', () => resolve());
      server.kill('SIGTERM');
    });
    expect(stdout).toContain(`Vigil is running at http://localhost:${port}`);
    expect(stdout).not.toContain('Demo accounts');
  });

  it('on a HOST that is not this machine, says so', async () => {
    const run = await startServer({ PORT: String(await freePort()), HOST: '192.0.2.1' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses, or leave it unset.',
    );
  });
});
