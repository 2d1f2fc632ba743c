import { desc, eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOptOuts, smsReminders } from '../db/schema/index.js';
import type { World } from '../features/patients/patient-fixtures.js';
import {
  addReading,
  addReminderPatient,
  createTextingWorld,
  optOut,
  textsOf,
} from '../features/reminders/reminder-fixtures.js';
import { createRemindersService } from '../features/reminders/reminders.service.js';
import { whileRefusing } from '../test/refuse-writes.js';
import { createTestApp, createTestClock, outboxFor, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';
import { remindersWorker, sendRemindersQueue } from './send-reminders.job.js';

let world: World;
type Added = Awaited<ReturnType<typeof addReminderPatient>>;
let english: Added;
let spanish: Added;
let optedOut: Added;
let tuesdays: Added;
let evenings: Added;

beforeAll(async () => {
  world = await createTextingWorld();
  english = await addReminderPatient(world);
  spanish = await addReminderPatient(world, { language: 'ES' });
  optedOut = await addReminderPatient(world);
  tuesdays = await addReminderPatient(world, { days: ['Tuesday'] });
  // 9 PM Pacific is the next day in UTC: the patient's own calendar decides the day.
  evenings = await addReminderPatient(world, { times: ['9:00 PM'], days: ['Saturday'] });
  await optOut(world, optedOut.e164);
});
afterAll(() => world.close());

/** The job scheduled at an instant of the test's choosing (run then unless `ranAt` says), with the app's sender. */
function jobAt(iso: string, ranAt = iso) {
  const clock = createTestClock(new Date(ranAt));
  const reminders = createRemindersService({
    db: world.t.app.vigil.database.db,
    clock,
    sender: world.t.app.vigil.messageSender,
    onWelcomeFailed: (error) => {
      throw error;
    },
  });
  return { run: () => remindersWorker({ reminders })([{ createdOn: new Date(iso) }]), reminders };
}

const reminderCount = async (p: Added) => (await textsOf(world, p.id, 'reminder')).length;

describe('the half-hourly reminder job, around the end of daylight time (2026-11-01)', () => {
  it('on Saturday 8:00 PDT (15:07 UTC) reminds the every-day patients of the 15:00 slot, not the opted-out one', async () => {
    expect(await jobAt('2026-10-31T15:07:00Z').run()).toBe(2);
    expect(await reminderCount(english)).toBe(1);
    expect(await reminderCount(spanish)).toBe(1);
    expect(await reminderCount(optedOut)).toBe(0);
    expect(await reminderCount(tuesdays)).toBe(0);
    const [row] = await world.t.app.vigil.database.db
      .select()
      .from(smsReminders)
      .where(eq(smsReminders.patientId, english.id));
    expect(row?.slotAt).toEqual(new Date('2026-10-31T15:00:00Z'));
    expect(row?.messageId).toBe((await textsOf(world, english.id, 'reminder'))[0]!.id);
  });

  it('in the patient language: Spanish for a Spanish speaker, English otherwise, from the clinic number', async () => {
    const [es] = await textsOf(world, spanish.id, 'reminder');
    expect(es?.body).toMatch(/^Hola Pat\d+, North Clinic le recuerda tomar su lectura de hoy\.$/);
    const outbox = await outboxFor(world.t.app, english.e164);
    expect(outbox.map((m) => m.body)).toContainEqual(
      expect.stringMatching(/^Hi Pat\d+, this is North Clinic reminding you to take your reading today\.$/),
    );
    // Its welcome went out before it opted out; no reminder did.
    const toOptedOut = await outboxFor(world.t.app, optedOut.e164);
    expect(toOptedOut.filter((m) => m.body.includes('reminding'))).toEqual([]);
  });

  it('never sends a slot twice: not on a rerun, not with two workers at once', async () => {
    expect(await jobAt('2026-10-31T15:20:00Z').run()).toBe(0);
    const a = jobAt('2026-10-31T15:00:00Z');
    const b = jobAt('2026-10-31T15:00:01Z');
    expect(await Promise.all([a.run(), b.run()])).toEqual([0, 0]);
    expect(await reminderCount(english)).toBe(1);
  });

  it('sends nothing in a slot that is nobody’s', async () => {
    expect(await jobAt('2026-10-31T15:30:00Z').run()).toBe(0);
  });

  it('on Saturday 9:00 PM Pacific (Sunday 04:00 UTC) reminds the Saturday-evening patient', async () => {
    expect(await jobAt('2026-11-01T04:00:00Z').run()).toBe(1);
    expect(await reminderCount(evenings)).toBe(1);
  });

  it('on Sunday, after the clocks went back, 8:00 is 16:00 UTC; a reading that morning means no reminder', async () => {
    await addReading(world, spanish.id, new Date('2026-11-01T14:10:00Z')); // 6:10 PST
    await addReading(world, english.id, new Date('2026-11-01T06:30:00Z')); // Saturday 23:30 PDT: yesterday
    expect(await jobAt('2026-11-01T15:00:00Z').run()).toBe(0);
    expect(await jobAt('2026-11-01T16:00:00Z').run()).toBe(1);
    expect(await reminderCount(english)).toBe(2);
    expect(await reminderCount(spanish)).toBe(1);
  });

  it('on Tuesday reminds the Tuesday patient too, two workers sending each patient once', async () => {
    const a = jobAt('2026-11-03T16:00:00Z');
    const b = jobAt('2026-11-03T16:00:00Z');
    const [x, y] = await Promise.all([a.run(), b.run()]);
    expect(x + y).toBe(3);
    expect(await reminderCount(tuesdays)).toBe(1);
  });

  it('an opted-out number that opts in again is reminded again', async () => {
    await world.t.app.vigil.database.db.delete(smsOptOuts);
    expect(await jobAt('2026-11-04T16:00:00Z').run()).toBe(3);
    expect(await reminderCount(optedOut)).toBe(1);
  });

  it('a round that fails while storing is retried without texting anyone twice', async () => {
    const db = world.t.app.vigil.database.db;
    const before = await reminderCount(english);
    // The claim's link to its text refused by the database, as a failure between the two would leave it.
    await whileRefusing(db, { table: 'sms_reminders', operation: 'update' }, () =>
      expect(jobAt('2026-11-05T16:00:00Z').run()).rejects.toThrow(),
    );
    expect(await reminderCount(english)).toBe(before);
    // The job's retry, after its slot has ended, serves the slot it was scheduled in.
    expect(await jobAt('2026-11-05T16:00:00Z', '2026-11-05T16:35:00Z').run()).toBe(3);
    expect(await reminderCount(english)).toBe(before + 1);
    const [latest] = await world.t.app.vigil.database.db
      .select({ slotAt: smsReminders.slotAt })
      .from(smsReminders)
      .where(eq(smsReminders.patientId, english.id))
      .orderBy(desc(smsReminders.slotAt))
      .limit(1);
    expect(latest?.slotAt).toEqual(new Date('2026-11-05T16:00:00Z'));
  });
});

describe('around the start of daylight time (2026-03-08)', () => {
  it('8:00 is 16:00 UTC on Saturday and 15:00 UTC on Sunday', async () => {
    expect(await jobAt('2026-03-07T16:00:00Z').run()).toBe(3);
    expect(await jobAt('2026-03-08T15:00:00Z').run()).toBe(3);
    expect(await jobAt('2026-03-08T16:00:00Z').run()).toBe(0);
  });
});

describe('the reminder job in the running app', () => {
  let t: TestApp;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await t.close();
  });

  it('is scheduled on the hour and the half hour, and its worker reads the slot from the job', async () => {
    const { database, config } = t.app.vigil;
    const sql = async <Row>(text: string, values?: unknown[]) =>
      (await database.executeSql(text, values)).rows as Row[];
    expect(await sql('select cron from pgboss.schedule where name = $1', [sendRemindersQueue])).toEqual([
      { cron: '0,30 * * * *' },
    ]);
    boss = config.databaseUrl
      ? new PgBoss({ connectionString: config.databaseUrl, max: 2 })
      : new PgBoss({ db: { executeSql: database.executeSql } });
    boss.on('error', () => undefined);
    await boss.start();
    const jobId = await boss.send(sendRemindersQueue, {});
    const state = async () =>
      (await sql<{ state: string }>('select state from pgboss.job where id = $1', [jobId]))[0]?.state;
    await waitFor(async () => (await state()) === 'completed', 20_000);
  });
});
