import { errorMessages, messages } from '@vigil/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { createTarget, freePort, runScript, type Target } from './test/cli-target.js';

/**
 * `npm run admin:create` run as an engineer runs it on a new installation (`test/cli-target.ts`): a database
 * never migrated, no demo, and then the server started on it in production, where the printed temporary
 * password is the only way in.
 */
let port: number;
let target: Target;
const adminCreate = (args: string[]) => runScript('admin:create', target, port, args);
const ada = [
  '--email',
  'Ada@Clinic.example',
  '--first-name',
  'Ada',
  '--last-name',
  'Lovelace',
  '--phone',
  '5035550100',
];

/** The server of a production installation on the target's database (no demo: SEED_DEMO is left unset). */
async function withProductionServer<T>(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) {
  return target.use(async (database: Database) => {
    const config = {
      ...loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example', LOG_LEVEL: 'silent' }),
      jobs: false,
    };
    const app = await buildApp(config, { database });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  });
}

const accounts = (database: Database) =>
  database
    .executeSql('select email, portal, role_type, access, is_temporary_password from users order by email')
    .then(({ rows }) => rows as { email: string }[]);

beforeAll(async () => {
  port = await freePort();
  target = await createTarget(false);
});
afterAll(async () => {
  await target?.drop();
});

describe('npm run admin:create', () => {
  let password: string;

  it('migrates a new database and creates an operator-portal administrator with a temporary password', async () => {
    const run = await adminCreate(ada);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Created Ada Lovelace <Ada@Clinic.example>, an administrator of the operator portal.',
    );
    password = /Temporary password: (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(password).toHaveLength(12);
    expect(await target.use(accounts)).toEqual([
      {
        email: 'Ada@Clinic.example',
        portal: 'CIRCLE',
        role_type: 'CARE_NAVIGATOR',
        access: 'ADMIN',
        is_temporary_password: true,
      },
    ]);
  });

  it('keeps the demo out of the installation: a start with SEED_DEMO=true seeds no database that has an account', async () => {
    await target.use(async (database: Database) => {
      const config = { ...loadConfig({ SEED_DEMO: 'true', LOG_LEVEL: 'silent' }), jobs: false };
      const app = await buildApp(config, { database });
      await app.close();
      expect((await accounts(database)).map((a) => a.email)).toEqual(['Ada@Clinic.example']);
      const { rows } = await database.executeSql('select count(*)::int as n from clinics');
      expect(rows).toEqual([{ n: 0 }]);
    });
  });

  it('leads, on a production server without the demo, from the temporary password to a session of an admin', async () => {
    await withProductionServer(async (app) => {
      const signIn = (pass: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth',
          payload: { email: 'ada@clinic.example', password: pass },
        });
      const first = await signIn(password);
      expect(first.statusCode).toBe(200);
      const { token, user } = first.json();
      expect(user.isTemporaryPassword).toBe(true);
      const set = await app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token, id: user.userId, password: 'Chosen!Pass4' },
      });
      expect(set.statusCode).toBe(200);
      const session = (await signIn('Chosen!Pass4')).json().token as string;
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session}` },
      });
      expect(me.json().data).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: { access: 'ADMIN', portal: 'CIRCLE', type: 'CARE_NAVIGATOR' },
      });
      const clinics = await app.inject({
        method: 'GET',
        url: '/api/clinics',
        headers: { authorization: `Bearer ${session}` },
      });
      expect(clinics.statusCode).toBe(200);
    });
    // Started in production, the server seeded no demo: the administrator is still the only account.
    expect((await target.use(accounts)).map((a) => a.email)).toEqual(['Ada@Clinic.example']);
    const { rows } = await target.use((database) =>
      database.executeSql(
        `select actor_user_id, details->>'message' as message from audit_events where action = 'user.created'`,
      ),
    );
    expect(rows).toEqual([
      {
        actor_user_id: null,
        message:
          'Created user Ada Lovelace (CARE_NAVIGATOR, admin) with a temporary password, from the command line',
      },
    ]);
  });

  it('refuses an email already taken, whatever its case, and creates nothing (exit 1)', async () => {
    const before = await target.use(accounts);
    const run = await adminCreate(ada.map((a) => (a === 'Ada@Clinic.example' ? 'ADA@clinic.example' : a)));
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`--email: ${errorMessages.emailTaken}`);
    expect(run.stdout).toBe('');
    expect(await target.use(accounts)).toEqual(before);
  });

  it("refuses missing and malformed fields with the user form's messages, each named by its option (exit 1)", async () => {
    const before = await target.use(accounts);
    const run = await adminCreate(['--email', 'not-an-email', '--first-name', 'Ada']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`--last-name: ${messages.required}`);
    expect(run.stderr).toContain(`--phone: ${messages.required}`);
    expect(run.stderr).toMatch(/--email: \S/);
    expect(run.stderr).not.toContain('--first-name');
    expect(await target.use(accounts)).toEqual(before);
    const unknown = await adminCreate(['--clinic', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--clinic'");
  });
});
