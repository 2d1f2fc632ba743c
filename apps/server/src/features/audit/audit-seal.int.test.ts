import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { waitFor } from '../../test/wait-for.js';
import { verifyAuditChain } from './audit-chain.js';
import { sealAuditEvents } from './audit-seal.js';

let t: TestApp;
const database = () => t.app.vigil.database;
const pending = async () => (await verifyAuditChain(database())).pending;

beforeAll(async () => {
  t = await createTestApp({ auditSealIntervalMs: 50 });
});
afterAll(() => t.close());

describe('the server seals the audit chain by itself', () => {
  it('within its interval, with no request waiting for it', async () => {
    const token = await signIn(t.app, 'staff@sunrise.demo');
    const list = await asUser(t.app, token).get('/api/pacients/patient-priority-list');
    expect(list.statusCode).toBe(200);
    await waitFor(async () => (await pending()) === 0, 10_000);
    expect((await verifyAuditChain(database())).break).toBeNull();
  });

  it('two sealers at once seal each event once, in one unbroken chain', async () => {
    // No sealer of the server's own: it would seal some of these events between the two counts.
    const quiet = await createTestApp();
    try {
      const { database } = quiet.app.vigil;
      const token = await signIn(quiet.app, 'staff@sunrise.demo');
      const list = await asUser(quiet.app, token).get('/api/pacients/patient-priority-list');
      const ids = (list.json().patients as Array<{ _id: string }>).slice(0, 10).map((p) => p._id);
      await Promise.all(ids.map((id) => asUser(quiet.app, token).get(`/api/pacients/${id}`)));
      const before = await verifyAuditChain(database);
      expect(before.pending).toBeGreaterThan(0);
      const [a, b] = await Promise.all([sealAuditEvents(database), sealAuditEvents(database)]);
      const after = await verifyAuditChain(database);
      expect(after.break).toBeNull();
      expect(after.pending).toBe(0);
      expect(after.head.seq - before.head.seq).toBe(a + b);
    } finally {
      await quiet.close();
    }
  });

  it('and, when it closes, seals what is left', async () => {
    // An interval no test waits for: only the seal at closing can seal these events.
    const slow = await createTestApp({ auditSealIntervalMs: 60_000 });
    try {
      const token = await signIn(slow.app, 'staff@sunrise.demo');
      const list = await asUser(slow.app, token).get('/api/pacients/patient-priority-list');
      const id = (list.json().patients as Array<{ _id: string }>)[0]!._id;
      expect((await asUser(slow.app, token).get(`/api/pacients/${id}`)).statusCode).toBe(200);
      const { database } = slow.app.vigil;
      expect((await verifyAuditChain(database)).pending).toBeGreaterThan(0);
      await slow.app.close();
      expect(await verifyAuditChain(database)).toMatchObject({ pending: 0, break: null });
    } finally {
      await slow.close();
    }
  });
});
