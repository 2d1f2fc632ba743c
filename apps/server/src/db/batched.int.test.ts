import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signIn, type TestApp } from '../test/test-app.js';
import { batched } from './batched.js';
import type { DbOrTx } from './client.js';
import { auditEvents } from './schema/index.js';
import { demoPatientId } from './seed/demo-patients.js';

let t: TestApp;
const db = () => t.app.vigil.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A batched call that answers each input doubled, and keeps every batch it ran. */
function doubling() {
  const runs: { db: DbOrTx; inputs: number[] }[] = [];
  const call = batched(async (handle, inputs: number[]) => {
    runs.push({ db: handle, inputs });
    await handle.execute(sql`select 1`);
    return inputs.map((n) => n * 2);
  });
  return { runs, call };
}

describe('batched calls', () => {
  it('the calls of one moment share one run, and each caller gets its own answer', async () => {
    const { runs, call } = doubling();
    const answers = await Promise.all([1, 2, 3].map((n) => call(db(), n)));
    expect(answers).toEqual([2, 4, 6]);
    expect(runs.map((r) => r.inputs)).toEqual([[1, 2, 3]]);
    // A later call is a batch of its own.
    expect(await call(db(), 4)).toBe(8);
    expect(runs.map((r) => r.inputs)).toEqual([[1, 2, 3], [4]]);
  });

  it('a failing run fails every call of its batch, and not the next batch', async () => {
    let fail = true;
    const call = batched(async (_handle, inputs: number[]) => {
      if (fail) throw new Error('the statement failed');
      return inputs;
    });
    const results = await Promise.allSettled([call(db(), 1), call(db(), 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await call(db(), 3)).toBe(3);
  });

  it('in a transaction, a call runs alone, inside it', async () => {
    const { runs, call } = doubling();
    await db().transaction(async (tx) => {
      expect(await Promise.all([call(tx, 1), call(tx, 2)])).toEqual([2, 4]);
    });
    expect(runs.map((r) => r.inputs)).toEqual([[1], [2]]);
    expect(runs.every((r) => r.db !== db())).toBe(true);
  });
});

describe('concurrent requests, whose session checks and audit events share statements', () => {
  it('each get their own answer, and each view is audited once, as its user', async () => {
    const patientId = demoPatientId(1, 0);
    const staff = await signIn(t.app, 'staff@sunrise.demo');
    const harbor = await signIn(t.app, 'physician@harbor.demo');
    const ended = await signIn(t.app, 'physician@sunrise.demo');
    expect((await asUser(t.app, ended).post('/api/auth/sign-out')).statusCode).toBe(204);
    const viewsBefore = await views(patientId);

    const [mine, other, signedOut, again] = await Promise.all([
      asUser(t.app, staff).get(`/api/pacients/${patientId}`),
      asUser(t.app, harbor).get(`/api/pacients/${patientId}`),
      asUser(t.app, ended).get(`/api/pacients/${patientId}`),
      asUser(t.app, staff).get(`/api/pacients/${patientId}`),
    ]);

    expect(mine.statusCode).toBe(200);
    expect(mine.json().data._id).toBe(patientId);
    expect(again.statusCode).toBe(200);
    expect(other.statusCode).toBe(404);
    expect(signedOut.statusCode).toBe(401);
    const viewsAfter = await views(patientId);
    expect(viewsAfter.length - viewsBefore.length).toBe(2);
    const me = (await asUser(t.app, staff).get('/api/auth/me')).json().data;
    expect(viewsAfter.slice(0, 2).map((e) => e.actorUserId)).toEqual([me.userId, me.userId]);
  });
});

/** The "Viewed patient" events of a patient, newest first. */
const views = (patientId: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.action, 'patient.viewed')))
    .orderBy(sql`${auditEvents.written} desc`);
