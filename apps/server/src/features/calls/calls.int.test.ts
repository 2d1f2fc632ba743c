import { errorMessages, type PriorityListRow } from '@vigil/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, calls, patientDayRollups } from '../../db/schema/index.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';

let w: World;
let patient: string;
beforeAll(async () => {
  w = await createWorld();
  patient = await addPatient(w, 'northStaff', patientBody({ firstName: 'Callie', lastName: 'Caller' }));
});
afterAll(() => w.close());

const minute = 60_000;
const db = () => w.t.app.vigil.database.db;

async function listRow(): Promise<PriorityListRow> {
  const res = await w.as('northStaff').get('/api/pacients/patient-priority-list?searchString=Callie');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().patients as PriorityListRow[]).find((r) => r._id === patient)!;
}

async function header() {
  const res = await w.as('northStaff').get(`/api/pacients/${patient}/details`);
  expect(res.statusCode, res.body).toBe(200);
  const { lastCompletedCall, lastAttemptedCall } = res.json().data;
  return { lastCompletedCall, lastAttemptedCall };
}

async function callCount() {
  const [c] = await db().select({ n: count() }).from(calls);
  const [a] = await db().select({ n: count() }).from(auditEvents);
  return { calls: c!.n, audit: a!.n };
}

describe('POST /pacients/{id}/log-attempted-call and log-completed-call', () => {
  it('logs each call at the server clock and answers the header dates, which the list shows at once', async () => {
    expect(await header()).toEqual({ lastCompletedCall: null, lastAttemptedCall: null });
    expect(await listRow()).toMatchObject({ lastAttemptedCall: null, attemptedcallsCount: 0 });

    const attemptedAt = w.t.clock.now().toISOString();
    const attempted = await w.as('northStaff').post(`/api/pacients/${patient}/log-attempted-call`);
    expect(attempted.statusCode, attempted.body).toBe(200);
    expect(attempted.json().data).toEqual({ lastCompletedCall: null, lastAttemptedCall: attemptedAt });
    expect(await header()).toEqual({ lastCompletedCall: null, lastAttemptedCall: attemptedAt });
    expect(await listRow()).toMatchObject({ lastAttemptedCall: attemptedAt, attemptedcallsCount: 1 });

    await w.advance(5 * minute);
    const completedAt = w.t.clock.now().toISOString();
    const completed = await w.as('navigatorA').post(`/api/pacients/${patient}/log-completed-call`);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().data).toEqual({ lastCompletedCall: completedAt, lastAttemptedCall: attemptedAt });
    expect(await header()).toEqual({ lastCompletedCall: completedAt, lastAttemptedCall: attemptedAt });
    expect(await listRow()).toMatchObject({
      lastCompletedCall: completedAt,
      lastAttemptedCall: attemptedAt,
      attemptedcallsCount: 1,
    });

    await w.advance(5 * minute);
    const again = await w.as('northPhysician').post(`/api/pacients/${patient}/log-attempted-call`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(await listRow()).toMatchObject({
      lastAttemptedCall: w.t.clock.now().toISOString(),
      attemptedcallsCount: 2,
    });

    const stored = await db().select().from(calls).where(eq(calls.patientId, patient));
    expect(stored.map((c) => [c.outcome, c.userId, c.clinicId])).toEqual(
      expect.arrayContaining([
        ['attempted', ids.northStaff, ids.north],
        ['completed', ids.navigatorA, ids.north],
        ['attempted', ids.northPhysician, ids.north],
      ]),
    );
    // The day's rollup counts them, for past months of the priority list.
    const [rollup] = await db()
      .select()
      .from(patientDayRollups)
      .where(eq(patientDayRollups.patientId, patient));
    expect(rollup).toMatchObject({ attemptedCalls: 2, completedCalls: 1 });
  });

  it('writes a readable audit event for each call', async () => {
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient), eq(auditEvents.action, 'call.logged')));
    expect(events.map((e) => [e.actorUserId, e.details?.message])).toEqual(
      expect.arrayContaining([
        [ids.northStaff, 'Logged an attempted call'],
        [ids.navigatorA, 'Logged a completed call'],
        [ids.northPhysician, 'Logged an attempted call'],
      ]),
    );
    expect(events).toHaveLength(3);
  });

  it('answers 404 to another clinic and for unknown or malformed ids, logging nothing', async () => {
    const before = await callCount();
    for (const x of [patient, '10000000-0000-4000-8000-00000000ffff', 'not-a-uuid', '%27%20or%201%3D1']) {
      for (const outcome of ['attempted', 'completed']) {
        const res = await w
          .as(x === patient ? 'southPhysician' : 'circleAdmin')
          .post(`/api/pacients/${x}/log-${outcome}-call`);
        expect(res.statusCode, `${x} ${outcome}`).toBe(404);
        expect(res.json().message).toBe(errorMessages.notFound);
      }
    }
    const anonymous = await w.t.app.inject({
      method: 'POST',
      url: `/api/pacients/${patient}/log-attempted-call`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await callCount()).toEqual(before);
  });
});
