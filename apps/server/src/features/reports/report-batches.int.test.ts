import { maxPendingReportsPerUser, reportTexts } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, reports } from '../../db/schema/index.js';
import { createWorld, fixtureIds as ids, type Who, type World } from '../patients/patient-fixtures.js';

/**
 * The monitoring batch calls (spec administration 7; decision 0013) with the jobs off: a report is stored
 * pending, listed to the user who asked for it only, and not served until its job has built it (the job's
 * own tests, beside it in jobs/, build, fail and recover reports).
 */
let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const generate = (who: Who, body: Record<string, unknown>) =>
  w.as(who).post('/api/reports/generate-batch', { month: 10, year: 2026, version: 'old', ...body });

describe('generating a monitoring report', () => {
  it('stores it pending, named after clinic, physician and month, and records who asked', async () => {
    const res = await generate('northStaff', {
      clinic: ids.north,
      physician: ids.northPhysician,
      userId: ids.northStaff,
      version: 'new',
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({
      fileName: 'Monitoring - North Clinic - physician Fixture - 2026-10.pdf',
      status: 'pending',
      failureReason: null,
      month: 10,
      year: 2026,
      version: 'new',
      clinic: { _id: ids.north, name: 'North Clinic' },
      physician: { _id: ids.northPhysician, fullName: 'physician Fixture' },
    });
    const [event] = await w.t.app.vigil.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'report.monitoring.requested'), eq(auditEvents.entityId, report._id)),
      );
    expect(event).toMatchObject({ actorUserId: ids.northStaff, clinicId: ids.north, patientId: null });
    expect(event!.details).toMatchObject({
      message: 'Requested the monitoring report of North Clinic (physician Fixture) for 10/2026 (0 patients)',
    });
  });

  it("takes a clinic user's own clinic when none is named, and every physician for 'all'", async () => {
    const res = await generate('southPhysician', { physician: 'all' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      fileName: 'Monitoring - South Clinic - All physicians - 2026-10.pdf',
      clinic: { _id: ids.south },
      physician: null,
    });
  });

  it("refuses someone else's user id, another clinic, a physician of another clinic, and an operator without a clinic", async () => {
    const own = { clinic: ids.north, physician: ids.northPhysician };
    const forbidden = await generate('northStaff', { ...own, userId: ids.northPhysician });
    expect(forbidden.statusCode).toBe(403);
    expect((await generate('southPhysician', own)).statusCode).toBe(404);
    expect(
      (await generate('northStaff', { clinic: ids.north, physician: ids.southPhysician })).statusCode,
    ).toBe(404);
    const operator = await generate('navigatorA', { physician: ids.northPhysician });
    expect(operator.statusCode).toBe(400);
    expect(operator.json()).toMatchObject({ message: 'Required', fields: { clinic: 'Required' } });
    const badMonth = await generate('northStaff', { ...own, month: 13 });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().fields.month).toBeTruthy();
    const operatorOk = await generate('circleAdmin', { ...own, userId: ids.circleAdmin });
    expect(operatorOk.statusCode, operatorOk.body).toBe(200);
  });
  it('takes a month and year as numbers or their text, and refuses anything else, storing nothing', async () => {
    const own = { physician: ids.southPhysician };
    const before = await w.t.app.vigil.database.db.select().from(reports);
    for (const [month, message] of [
      [true, 'Invalid input: expected number, received boolean'],
      [[5], 'Invalid input: expected number, received array'],
      ['May', 'Invalid input: expected number, received string'],
      [null, 'Required'],
    ] as const) {
      const res = await generate('southPhysician', { ...own, month });
      expect(res.statusCode, JSON.stringify(month)).toBe(400);
      expect(res.json().fields).toEqual({ month: message });
    }
    expect(await w.t.app.vigil.database.db.select().from(reports)).toHaveLength(before.length);
    const asText = await generate('southPhysician', { ...own, month: ' 9 ', year: '2026' });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json().data).toMatchObject({ month: 9, year: 2026 });
  });
});

describe('the list of generated reports', () => {
  it("lists only the signed-in user's own, newest first", async () => {
    await w.advance(60_000);
    const later = await generate('northStaff', { clinic: ids.north, physician: ids.northPhysician2 });
    const res = await w.as('northStaff').get(`/api/reports?userId=${ids.northStaff}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { _id: string; fileName: string }[];
    expect(list.map((r) => r.fileName)).toEqual([
      'Monitoring - North Clinic - physician2 Fixture - 2026-10.pdf',
      'Monitoring - North Clinic - physician Fixture - 2026-10.pdf',
    ]);
    expect(list[0]!._id).toBe(later.json().data._id);
    expect((await w.as('northStaff').get('/api/reports')).json().data).toHaveLength(2);
    expect((await w.as('northPhysician').get('/api/reports')).json().data).toEqual([]);
    expect((await w.as('northStaff').get(`/api/reports?userId=${ids.northPhysician}`)).statusCode).toBe(403);
  });
});

describe('downloading a report', () => {
  it('is refused while the report is pending, with the words the screen shows', async () => {
    const [report] = (await w.as('northStaff').get('/api/reports')).json().data;
    const res = await w.as('northStaff').get(`/api/reports/batch?reportId=${report._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(reportTexts.reportNotReady);
  });

  it('is not found for a report someone else asked for, an unknown one or a malformed id', async () => {
    const [report] = (await w.as('northStaff').get('/api/reports')).json().data;
    for (const who of ['northPhysician', 'circleAdmin', 'southPhysician'] as const) {
      expect((await w.as(who).get(`/api/reports/batch?reportId=${report._id}`)).statusCode, who).toBe(404);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await w.as('northStaff').get(`/api/reports/batch?reportId=${unknown}`)).statusCode).toBe(404);
    expect((await w.as('northStaff').get('/api/reports/batch?reportId=nope')).statusCode).toBe(404);
    expect((await w.as('northStaff').get('/api/reports/batch')).statusCode).toBe(400);
  });

  it("is not found once the user may no longer see the report's clinic", async () => {
    const res = await generate('circleAdmin', { clinic: ids.south, physician: ids.southPhysician });
    const id = res.json().data._id as string;
    await w.t.app.vigil.database.db.update(reports).set({ clinicId: ids.north }).where(eq(reports.id, id));
    // The operator sees every clinic: the report is theirs, so only its state stands in the way.
    expect((await w.as('circleAdmin').get(`/api/reports/batch?reportId=${id}`)).statusCode).toBe(409);
    await w.t.app.vigil.database.db
      .update(reports)
      .set({ requestedBy: ids.southPhysician })
      .where(eq(reports.id, id));
    expect((await w.as('southPhysician').get(`/api/reports/batch?reportId=${id}`)).statusCode).toBe(404);
  });
});

describe("a user's reports waiting to be built", () => {
  it(`are at most ${maxPendingReportsPerUser}, counted one request after another, and the room comes back as one is built`, async () => {
    const own = { clinic: ids.north, physician: ids.northPhysician };
    const answers = await Promise.all(
      Array.from({ length: maxPendingReportsPerUser + 3 }, () => generate('northPhysician', own)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(maxPendingReportsPerUser).fill(200),
      ...Array<number>(3).fill(429),
    ]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json().message).toBe(reportTexts.tooManyPending);
    expect(refused.json().message).toContain(`You have ${maxPendingReportsPerUser} reports`);
    expect(refused.headers['retry-after']).toBe('10');
    const mine = (await w.as('northPhysician').get('/api/reports')).json().data as { _id: string }[];
    expect(mine).toHaveLength(maxPendingReportsPerUser);

    // Someone else's requests are not held back by this user's.
    expect((await generate('northStaff', { ...own, physician: 'all' })).statusCode).toBe(200);

    await w.t.app.vigil.database.db
      .update(reports)
      .set({ status: 'failed', failureReason: 'x', completedAt: new Date() })
      .where(eq(reports.id, mine[0]!._id));
    expect((await generate('northPhysician', own)).statusCode).toBe(200);
    expect((await generate('northPhysician', own)).statusCode).toBe(429);
  });
});
