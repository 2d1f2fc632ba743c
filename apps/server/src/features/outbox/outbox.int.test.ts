import { errorMessages } from '@vigil/core';
import { describe, expect, it } from 'vitest';
import { asUser, createTestApp, signIn } from '../../test/test-app.js';
import { createOutboxRepository } from './outbox.repository.js';

describe('GET /api/dev/outbox', () => {
  it('lists queued messages newest first, filtered by recipient, outside production', async () => {
    const t = await createTestApp();
    try {
      for (const email of ['staff@sunrise.demo', 'admin@circle.demo', 'staff@sunrise.demo']) {
        t.clock.advance(1000);
        await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });
      }
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=STAFF@sunrise.demo' });
      const rows = res.json().data as Array<{ to: string; createdAt: string }>;
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.to === 'staff@sunrise.demo')).toBe(true);
      expect(rows[0]!.createdAt > rows[1]!.createdAt).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("finds a phone number's texts with its '+' typed bare in the address, as the README writes it", async () => {
    const t = await createTestApp();
    try {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: 'twofactor@sunrise.demo', password: 'Demo!Pass1' },
      });
      expect(signIn.statusCode).toBe(200);
      for (const to of ['+15035550142', '%2B15035550142']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` });
        expect(res.json().data.map((m: { to: string }) => m.to)).toEqual(['+15035550142']);
      }
    } finally {
      await t.close();
    }
  });

  it('does not exist in production, where unconfigured SMS and email fail instead of pretending', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'true' }, jobs: true });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        payload: { email: 'staff@sunrise.demo' },
      });
      const repo = createOutboxRepository(t.app.vigil.database.db);
      const [queued] = await repo.findRecent({ to: 'staff@sunrise.demo', limit: 1 });
      for (let i = 0; i < 100 && !(await repo.findById(queued!.id))?.lastError; i++) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await repo.findById(queued!.id)).toMatchObject({
        status: 'pending',
        lastError: 'Email is not configured: set SMTP_URL',
      });

      const token = await signIn(t.app, 'admin@circle.demo');
      const clinic = await asUser(t.app, token).post('/api/clinics', {
        clinic_name: 'No Twilio',
        clinic_slug: 'no-twilio',
        clinic_area_code: '503',
        clinic_address: '1 Main St',
        clinic_admin_first_name: 'Ada',
        clinic_admin_last_name: 'Byron',
        clinic_admin_phone: '5035550100',
        clinic_admin_email: 'ada@no-twilio.demo',
      });
      expect(clinic.statusCode).toBe(502);
      expect(clinic.json().message).toBe(errorMessages.textingNotConfigured);
    } finally {
      await t.close();
    }
  });
});
