import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import RestException from 'twilio/lib/base/RestException.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema/index.js';
import { createOutboxRepository, forgottenBody } from '../features/outbox/outbox.repository.js';
import { twilioSendError } from '../integrations/sms/twilio-sms.provider.js';
import { whileRefusing } from '../test/refuse-writes.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';
import { deliverOutboxMessage, deliverOutboxQueue, startDeliverOutbox } from './deliver-outbox.job.js';

let t: TestApp;
/** A demo patient of Sunrise Cardiology, whose clinic has a texting number. */
const demoPatientId = '00000000-0000-4000-a001-000000000001';
beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(() => t.close());

/** The job's dependencies with a texting provider whose send is `send`; no email is sent. */
const smsDeps = (name: string, send: () => Promise<{ providerId: string }>) => ({
  db: t.app.vigil.database.db,
  clock: t.clock,
  sms: { name, send, provisionNumber: async () => '', releaseNumber: async () => undefined },
  email: { name: 'unused', send: async () => ({ providerId: 'x' }) },
});

describe('the outbox delivery job', () => {
  it('delivers a queued email through pg-boss', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: 'staff@sunrise.demo' },
    });
    const repo = createOutboxRepository(t.app.vigil.database.db);
    const [queued] = await repo.findRecent({ to: 'staff@sunrise.demo', limit: 1 });
    expect(queued?.channel).toBe('email');
    await waitFor(async () => (await repo.findById(queued!.id))?.status === 'sent');
    expect((await repo.findById(queued!.id))?.providerId).toMatch(/^local-/);
  });

  it('in production, forgets the text of a message once delivered, or once it failed for good', async () => {
    const repo = createOutboxRepository(t.app.vigil.database.db);
    const link = 'Reset your password: https://vigil.example/auth/set-password?token=secret';
    const sent = await repo.insert({ channel: 'sms', to: '+15035550001', body: link }, new Date());
    const deliver = smsDeps('ok', async () => ({ providerId: 'SM1' }));
    await deliverOutboxMessage({ ...deliver, forgetSentBodies: true }, sent.id, false);
    expect(await repo.findById(sent.id)).toMatchObject({ status: 'sent', body: forgottenBody });

    const failing = smsDeps('down', async () => Promise.reject(new Error('provider down')));
    const lost = await repo.insert({ channel: 'sms', to: '+15035550002', body: link }, new Date());
    await expect(
      deliverOutboxMessage({ ...failing, forgetSentBodies: true }, lost.id, false),
    ).rejects.toThrow();
    expect(await repo.findById(lost.id)).toMatchObject({ status: 'pending', body: link });
    await expect(
      deliverOutboxMessage({ ...failing, forgetSentBodies: true }, lost.id, true),
    ).rejects.toThrow();
    expect(await repo.findById(lost.id)).toMatchObject({ status: 'failed', body: forgottenBody });

    // Outside production the demo's outbox shows what was sent.
    const kept = await repo.insert({ channel: 'sms', to: '+15035550003', body: link }, new Date());
    await deliverOutboxMessage(deliver, kept.id, false);
    expect(await repo.findById(kept.id)).toMatchObject({ status: 'sent', body: link });
  });

  it('keeps a failed message pending for a retry, and marks it failed on the last try', async () => {
    const db = t.app.vigil.database.db;
    const repo = createOutboxRepository(db);
    const row = await repo.insert({ channel: 'sms', to: '+15035550000', body: 'hello' }, new Date());
    const deps = smsDeps('failing', async () => {
      throw new Error('provider down');
    });
    await expect(deliverOutboxMessage(deps, row.id, false)).rejects.toThrow('provider down');
    expect(await repo.findById(row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'provider down',
    });
    await expect(deliverOutboxMessage(deps, row.id, true)).rejects.toThrow('provider down');
    expect(await repo.findById(row.id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('a text the provider took is not sent again when a later step fails; the retry finishes its status', async () => {
    const db = t.app.vigil.database.db;
    const repo = createOutboxRepository(db);
    const { message, outboxId } = await db.transaction((tx) =>
      t.app.vigil.messageSender.storePatientText(tx, {
        patientId: demoPatientId,
        body: 'Your device is on its way.',
        userId: null,
        kind: 'welcome',
      }),
    );
    const sent: string[] = [];
    const deps = smsDeps('counting', async () => {
      sent.push(outboxId);
      return { providerId: `SM-test-${sent.length}` };
    });
    // The text's status update refused by the database, once, after the provider took the text.
    await whileRefusing(db, { table: 'messages', operation: 'update' }, () =>
      expect(deliverOutboxMessage(deps, outboxId, false)).rejects.toThrow(),
    );
    expect(await repo.findById(outboxId)).toMatchObject({ status: 'sent', providerId: 'SM-test-1' });
    // The job's retry sends nothing more and finishes the text.
    await deliverOutboxMessage(deps, outboxId, false);
    expect(sent).toEqual([outboxId]);
    const [text] = await db.select().from(messages).where(eq(messages.id, message.id));
    expect(text).toMatchObject({ status: 'sent', providerSid: 'SM-test-1' });
  });

  describe("a patient text that Twilio's client could not send", () => {
    const textThrough = async (failure: unknown) => {
      const db = t.app.vigil.database.db;
      const { message, outboxId } = await db.transaction((tx) =>
        t.app.vigil.messageSender.storePatientText(tx, {
          patientId: demoPatientId,
          body: 'Your cuff ships today.',
          userId: null,
          kind: 'welcome',
        }),
      );
      const deps = smsDeps('twilio', async () => {
        throw twilioSendError(failure);
      });
      const state = async () => ({
        outbox: await createOutboxRepository(db).findById(outboxId),
        text: (await db.select().from(messages).where(eq(messages.id, message.id)))[0],
      });
      return { deliver: (isLastTry: boolean) => deliverOutboxMessage(deps, outboxId, isLastTry), state };
    };

    it('fails at once, with its reason, when Twilio refused it', async () => {
      const invalid = new RestException({
        statusCode: 400,
        body: { code: 21211, message: "The 'To' number is not a valid phone number." },
        headers: {},
      });
      const { deliver, state } = await textThrough(invalid);
      await deliver(false);
      const { outbox, text } = await state();
      expect(outbox).toMatchObject({ status: 'failed', attempts: 1 });
      expect(text).toMatchObject({
        status: 'failed',
        errorCode: '21211',
        errorMessage: 'Invalid phone number',
      });
    });

    it('stays queued for a retry when Twilio could not be reached, and fails on the last try', async () => {
      const unreachable = Object.assign(new Error('getaddrinfo ENOTFOUND api.twilio.com'), {
        code: 'ENOTFOUND',
      });
      const { deliver, state } = await textThrough(unreachable);
      await expect(deliver(false)).rejects.toThrow('ENOTFOUND');
      let now = await state();
      expect(now.outbox).toMatchObject({ status: 'pending', attempts: 1 });
      expect(now.text).toMatchObject({ status: 'queued' });
      await expect(deliver(true)).rejects.toThrow('ENOTFOUND');
      now = await state();
      expect(now.outbox).toMatchObject({ status: 'failed', attempts: 2 });
      expect(now.text).toMatchObject({ status: 'failed', errorMessage: 'Delivery failed (code ENOTFOUND)' });
    });
  });
});

describe('a failed delivery in the running queue', () => {
  let quiet: TestApp;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    quiet = await createTestApp({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await quiet.close();
  });

  it('is logged with its code for the operator, never with the recipient or the provider’s words', async () => {
    const { database, config } = quiet.app.vigil;
    boss = config.databaseUrl
      ? new PgBoss({ connectionString: config.databaseUrl, max: 2 })
      : new PgBoss({ db: { executeSql: database.executeSql } });
    boss.on('error', () => undefined);
    await boss.start();
    const lines: { details: object; message: string }[] = [];
    const refused = Object.assign(new Error('Invalid login for clinic@example.org'), { code: 'EAUTH' });
    await startDeliverOutbox(
      boss,
      {
        db: database.db,
        clock: quiet.clock,
        sms: {
          name: 'unused',
          send: async () => ({ providerId: 'x' }),
          provisionNumber: async () => '',
          releaseNumber: async () => undefined,
        },
        email: { name: 'failing', send: async () => Promise.reject(refused) },
      },
      { warn: (details, message) => lines.push({ details, message }) },
    );
    const row = await createOutboxRepository(database.db).insert(
      {
        channel: 'email',
        to: 'clinic@example.org',
        subject: 'Reset',
        body: 'https://vigil.example/reset?token=secret',
      },
      quiet.clock.now(),
    );
    await boss.send(deliverOutboxQueue, { id: row.id });
    await waitFor(async () => lines.length > 0, 20_000);
    expect(lines[0]).toEqual({
      message: 'outbox delivery failed',
      details: { outboxId: row.id, attempt: 1, lastAttempt: false, code: 'EAUTH' },
    });
    expect(JSON.stringify(lines)).not.toMatch(/example\.org|token/);
  });
});
