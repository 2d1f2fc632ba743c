import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxRepository } from '../features/outbox/outbox.repository.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';
import { deliverOutboxMessage } from './deliver-outbox.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(() => t.close());

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

  it('keeps a failed message pending for a retry, and marks it failed on the last try', async () => {
    const db = t.app.vigil.database.db;
    const repo = createOutboxRepository(db);
    const row = await repo.insert({ channel: 'sms', to: '+15035550000', body: 'hello' }, new Date());
    const failing = {
      name: 'failing',
      send: async () => {
        throw new Error('provider down');
      },
      provisionNumber: async () => '',
    };
    const deps = {
      db,
      clock: t.clock,
      sms: failing,
      email: { name: 'unused', send: async () => ({ providerId: 'x' }) },
    };
    await expect(deliverOutboxMessage(deps, row.id, false)).rejects.toThrow('provider down');
    expect(await repo.findById(row.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'provider down',
    });
    await expect(deliverOutboxMessage(deps, row.id, true)).rejects.toThrow('provider down');
    expect(await repo.findById(row.id)).toMatchObject({ status: 'failed', attempts: 2 });
  });
});
