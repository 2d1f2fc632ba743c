import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, users } from '../../db/schema/index.js';
import type { SmsProvider } from '../../integrations/sms/sms-provider.js';
import { whileRefusing } from '../../test/refuse-writes.js';
import { asUser, createTestApp, outboxFor, signIn, type TestApp } from '../../test/test-app.js';
import { createAuditService } from '../audit/audit.service.js';
import { createAuthService } from '../auth/auth.service.js';
import { createOutboxService } from '../outbox/outbox.service.js';
import { newUserBody } from '../users/user-fixtures.js';
import { clinicBody } from './clinic-fixtures.js';
import { createClinicsService } from './clinics.service.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'admin@circle.demo');
});
afterAll(() => t.close());

const db = () => t.app.vigil.database.db;
/** The database refuses the set-password email to this address: the last step of creating an account. */
const refusingTheEmailTo = <T>(email: string, body: () => Promise<T>) =>
  whileRefusing(db(), { table: 'outbox', operation: 'insert', when: `new."to" = '${email}'` }, body);

describe('an account whose set-password email cannot be stored', () => {
  it('is not created, and creating it again works and emails the link', async () => {
    const body = newUserBody();
    const failed = await refusingTheEmailTo(body.email, () => asUser(t.app, token).post('/api/users', body));
    expect(failed.statusCode).toBe(500);
    expect(await db().select().from(users).where(eq(users.email, body.email))).toEqual([]);

    const retried = await asUser(t.app, token).post('/api/users', body);
    expect(retried.statusCode).toBe(201);
    expect(await outboxFor(t.app, body.email)).toHaveLength(1);
  });

  it('leaves no clinic and no administrator, and the same clinic can then be created', async () => {
    const body = clinicBody('half-saved');
    const failed = await refusingTheEmailTo(body.clinic_admin_email, () =>
      asUser(t.app, token).post('/api/clinics', body),
    );
    expect(failed.statusCode).toBe(500);
    expect(await db().select().from(clinics).where(eq(clinics.slug, body.clinic_slug))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.email, body.clinic_admin_email))).toEqual([]);

    const retried = await asUser(t.app, token).post('/api/clinics', body);
    expect(retried.statusCode).toBe(201);
    expect(await outboxFor(t.app, body.clinic_admin_email)).toHaveLength(1);
  });
});

describe('a clinic whose save fails after its number was bought', () => {
  function servicesWith(sms: SmsProvider, notReleased: string[] = []) {
    const { clock } = t;
    const audit = createAuditService({ clock });
    const outbox = createOutboxService({ db: db(), clock, schedule: () => undefined });
    const auth = createAuthService({ db: db(), clock, audit, outbox, publicUrl: 'http://localhost' });
    const service = createClinicsService({
      db: db(),
      clock,
      audit,
      auth,
      sms,
      onNumberNotReleased: (phoneNumber) => notReleased.push(phoneNumber),
    });
    return { service, actor: () => auth.authenticate(token) };
  }

  it('gives the number back to the provider', async () => {
    const released: string[] = [];
    const { service, actor } = servicesWith({
      name: 'recording',
      send: async () => ({ providerId: 'unused' }),
      provisionNumber: async () => '+15035550123',
      releaseNumber: async (phoneNumber) => {
        released.push(phoneNumber);
      },
    });
    const body = clinicBody('number-back');
    await expect(
      refusingTheEmailTo(body.clinic_admin_email, async () => service.create(await actor(), body, null)),
    ).rejects.toThrow(/insert into "outbox"/);
    expect(released).toEqual(['+15035550123']);
  });

  it('reports a number the provider would not take back, and still answers the save failure', async () => {
    const notReleased: string[] = [];
    const { service, actor } = servicesWith(
      {
        name: 'refusing',
        send: async () => ({ providerId: 'unused' }),
        provisionNumber: async () => '+15035550124',
        releaseNumber: async () => {
          throw new Error('provider down');
        },
      },
      notReleased,
    );
    const body = clinicBody('number-kept');
    await expect(
      refusingTheEmailTo(body.clinic_admin_email, async () => service.create(await actor(), body, null)),
    ).rejects.toThrow(/insert into "outbox"/);
    expect(notReleased).toEqual(['+15035550124']);
  });
});
