import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

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

  it('does not exist in production', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
