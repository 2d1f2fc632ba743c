import type { AuditTrailResponse } from '@vigil/core';
import { and, count, eq, gte, lt, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, timeEntries } from '../../db/schema/index.js';
import { fixtureIds as ids, worldWithPatientInEachClinic } from '../patients/patient-fixtures.js';
import { sealAuditEvents } from './audit-seal.js';

const w = worldWithPatientInEachClinic();
const db = () => w.t.app.vigil.database.db;

/** Sunday 1 November 2026, the day the clocks go back, runs 07:00Z to 08:00Z the next day (25 hours). */
const entries = [
  { at: '2026-10-31T06:59:00Z', seconds: 1000, kind: 'timer' as const }, // 23:59 PDT on 30 October
  { at: '2026-11-01T07:30:00Z', seconds: 60, kind: 'timer' as const }, // 00:30 PDT on 1 November
  { at: '2026-11-02T07:29:00Z', seconds: 125, kind: 'manual' as const }, // 23:29 PST on 1 November
  { at: '2026-11-02T08:10:00Z', seconds: 30, kind: 'bulk' as const }, // 00:10 PST on 2 November
  { at: '2026-11-02T16:00:00Z', seconds: 3600, kind: 'timer' as const }, // 08:00 on 2 November
];

async function seedFixture() {
  await db()
    .insert(timeEntries)
    .values(
      entries.map((e, i) => ({
        clinicId: ids.north,
        patientId: w.northPatient,
        userId: i % 2 ? ids.northStaff : ids.navigatorA,
        seconds: e.seconds,
        kind: e.kind,
        at: new Date(e.at),
        day: e.at.slice(0, 10),
      })),
    );
  const event = (at: string, actorUserId: string | null, message: string, patientId = w.northPatient) => ({
    occurredAt: new Date(at),
    actorUserId,
    clinicId: ids.north,
    patientId,
    action: 'note.added',
    details: { message },
  });
  await db()
    .insert(auditEvents)
    .values([
      event('2026-11-01T07:40:00Z', ids.northPhysician, 'Added a staff note'),
      event('2026-11-02T07:20:00Z', ids.navigatorA, 'Logged a completed call'),
      event('2026-11-02T08:20:00Z', null, 'Stored a reading of 150/95 mmHg'),
      event('2026-11-02T08:30:00Z', ids.northStaff, 'Added a staff note', w.southPatient),
      event('2026-10-31T06:00:00Z', ids.northStaff, 'Outside the range'),
    ]);
}

const trail = async (query: string, who: 'northStaff' | 'southPhysician' | 'circleAdmin' = 'northStaff') =>
  w.as(who).get(`/api/auditTrailLogs/${w.northPatient}?${query}`);

describe('GET /auditTrailLogs/{patientId}', () => {
  it('answers the events of the Pacific days of the range, newest first, with who acted', async () => {
    await seedFixture();
    const res = await trail('fromDate=2026-11-01&endDate=2026-11-02');
    expect(res.statusCode).toBe(200);
    const body = res.json() as AuditTrailResponse;
    // The fixture's events all come before the test clock's start, when the patient was added.
    const hand = body.logs.filter((l) => l.date < '2026-11-02T17:00:00.000Z');
    expect(hand.map((l) => [l.date, l.message, l.user?.lastName ?? null, l.clinic?.name ?? null])).toEqual([
      ['2026-11-02T08:20:00.000Z', 'Stored a reading of 150/95 mmHg', null, null],
      ['2026-11-02T07:20:00.000Z', 'Logged a completed call', 'Abbott', null],
      ['2026-11-01T07:40:00.000Z', 'Added a staff note', 'Fixture', 'North Clinic'],
    ]);
    expect(hand[1]?.user?.role.type).toBe('CARE_NAVIGATOR');
    expect(hand[2]?.user?.role.type).toBe('PHYSICIAN');
  });

  it('sums the time entries per Pacific day, and the total equals the entries stored in the range', async () => {
    const body = (await trail('fromDate=2026-11-01&endDate=2026-11-02')).json() as AuditTrailResponse;
    // By hand: 60 + 125 on the 25-hour 1 November; 30 + 3600 on 2 November; the 30 October entry is out.
    expect(body.trackedTimeByDay).toEqual({ '11/01/2026': 185, '11/02/2026': 3630 });
    expect(body.totalTrackedTime).toBe(3815);
    const [stored] = await db()
      .select({ total: sum(timeEntries.seconds) })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.patientId, w.northPatient),
          gte(timeEntries.at, new Date('2026-11-01T07:00:00Z')),
          lt(timeEntries.at, new Date('2026-11-03T08:00:00Z')),
        ),
      );
    expect(Number(stored?.total)).toBe(body.totalTrackedTime);

    const one = (await trail('fromDate=2026-10-30&endDate=2026-10-30')).json() as AuditTrailResponse;
    expect(one.trackedTimeByDay).toEqual({ '10/30/2026': 1000 });
    expect(one.logs.map((l) => l.message)).toEqual(['Outside the range']);
  });

  it('records each read as an event of the patient, which the next read shows', async () => {
    const trailReads = async () =>
      (
        await db()
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.patientId, w.northPatient), eq(auditEvents.action, 'patient.viewed')))
      ).filter((e) => e.details?.view === 'audit-trail');
    const before = await trailReads();
    await trail('fromDate=2026-11-02&endDate=2026-11-02', 'circleAdmin');
    const body = (await trail('fromDate=2026-11-02&endDate=2026-11-02')).json() as AuditTrailResponse;
    const viewed = body.logs.find((l) => l.message === 'Viewed the audit trail (11/02 - 11/02)');
    expect(viewed?.user?.role.type).toBe('CARE_NAVIGATOR');
    expect(viewed?.clinic).toBeNull();
    const after = await trailReads();
    const added = after.filter((e) => !before.some((b) => b.id === e.id));
    expect(added.map((e) => e.actorUserId).sort()).toEqual([ids.circleAdmin, ids.northStaff].sort());
    expect(added.every((e) => e.clinicId === ids.north)).toBe(true);
  });

  it('shows events of the same instant in the order they were written, newest first, sealed or not', async () => {
    // Committed one after the other, with ids whose order is the opposite of the commit's.
    const at = new Date('2026-10-15T18:00:00Z');
    const committed = [
      { id: 'ffffffff-ffff-4fff-bfff-ffffffffffff', message: 'Committed first' },
      { id: '00000000-0000-4000-8000-000000000000', message: 'Committed second' },
    ];
    for (const e of committed) {
      await db()
        .insert(auditEvents)
        .values({
          id: e.id,
          occurredAt: at,
          actorUserId: ids.northStaff,
          clinicId: ids.north,
          patientId: w.northPatient,
          action: 'note.added',
          details: { message: e.message },
        });
    }
    const newestFirst = [
      [committed[1]!.id, 'Committed second'],
      [committed[0]!.id, 'Committed first'],
    ];
    const shown = async () =>
      ((await trail('fromDate=2026-10-15&endDate=2026-10-15')).json() as AuditTrailResponse).logs.map((l) => [
        l._id,
        l.message,
      ]);
    // Before the seal (by the order written), and after it (by the chain's order, which follows it).
    expect(await shown()).toEqual(newestFirst);
    await sealAuditEvents(w.t.app.vigil.database);
    const sealed = await db()
      .select({ id: auditEvents.id, seq: auditEvents.seq })
      .from(auditEvents)
      .where(eq(auditEvents.occurredAt, at));
    const seqOf = (id: string) => sealed.find((e) => e.id === id)?.seq ?? 0;
    expect(seqOf(committed[1]!.id)).toBeGreaterThan(seqOf(committed[0]!.id));
    expect(await shown()).toEqual(newestFirst);
  });

  it("answers 404 for another clinic's patient and a malformed id, and writes nothing", async () => {
    const [before] = await db().select({ n: count() }).from(auditEvents);
    expect((await trail('fromDate=2026-11-01&endDate=2026-11-02', 'southPhysician')).statusCode).toBe(404);
    const bad = await w
      .as('northStaff')
      .get('/api/auditTrailLogs/not-a-uuid?fromDate=2026-11-01&endDate=2026-11-02');
    expect(bad.statusCode).toBe(404);
    const [after] = await db().select({ n: count() }).from(auditEvents);
    expect(after).toEqual(before);
  });

  it.each([
    ['fromDate=2026-11-02&endDate=2026-11-01', 'The start date must not be after the end date'],
    ['fromDate=2025-01-01&endDate=2026-01-02', 'The range can span at most 366 days'],
    ['fromDate=11/01/2026&endDate=2026-11-02', undefined],
    ['endDate=2026-11-02', undefined],
  ])('refuses %s with a 400 and its message', async (query, message) => {
    const res = await trail(query);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    if (message) expect(res.json().message).toContain(message);
  });
});
