import { manualReminderTimeMessage } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clinics, patients } from '../../db/schema/index.js';
import { whileRefusing, whileSlowing } from '../../test/refuse-writes.js';
import { asUser, createTestApp, onPostgres, signIn } from '../../test/test-app.js';
import { addPatient, fixtureIds, southPatientBody, type World } from '../patients/patient-fixtures.js';
import {
  addReading,
  addReminderPatient,
  createTextingWorld,
  nextCell,
  optOut,
  reminderPatientBody,
  textsOf,
} from './reminder-fixtures.js';

let world: World;
beforeAll(async () => {
  world = await createTextingWorld();
});
afterAll(() => world.close());

const minute = 60_000;

describe('the welcome text', () => {
  it('goes to a patient enrolled on creation with text consent, saying how to stop and get help', async () => {
    const p = await addReminderPatient(world);
    const [welcome, ...more] = await textsOf(world, p.id, 'welcome');
    expect(more).toEqual([]);
    expect(welcome).toMatchObject({ toNumber: p.e164, status: 'queued', userId: null });
    expect(welcome?.body).toContain('Reply HELP for help or STOP to stop receiving texts.');
    expect(welcome?.body).toContain('North Clinic');
  });

  it('is in Spanish for a Spanish speaker', async () => {
    const p = await addReminderPatient(world, { language: 'ES' });
    expect((await textsOf(world, p.id, 'welcome'))[0]?.body).toContain(
      'Responda HELP para obtener ayuda o STOP',
    );
  });

  it('not without text consent, nor when not enrolled; then once when the patient is enrolled', async () => {
    const noConsent = reminderPatientBody();
    noConsent.preferences = { ...noConsent.preferences, textConsent: 'No' };
    const quiet = await addPatient(world, 'northStaff', noConsent);
    expect(await textsOf(world, quiet, 'welcome')).toEqual([]);

    const body = reminderPatientBody({ change: { enrolled: false } });
    const id = await addPatient(world, 'northStaff', body);
    expect(await textsOf(world, id, 'welcome')).toEqual([]);
    const enrol = await world.as('northStaff').put(`/api/pacients/${id}`, { ...body, enrolled: true });
    expect(enrol.statusCode).toBe(200);
    expect(await textsOf(world, id, 'welcome')).toHaveLength(1);
    // Another edit of the enrolled patient sends nothing more.
    await world.advance(minute);
    await world.as('northStaff').put(`/api/pacients/${id}`, { ...body, enrolled: true, lastName: 'Edited' });
    expect(await textsOf(world, id, 'welcome')).toHaveLength(1);
    // Unenrolled and enrolled again the same day: a correction, the same enrolment, no second welcome.
    await world.as('northStaff').put(`/api/pacients/${id}`, { ...body, enrolled: false });
    await world.advance(minute);
    await world.as('northStaff').put(`/api/pacients/${id}`, { ...body, enrolled: true });
    expect(await textsOf(world, id, 'welcome')).toHaveLength(1);
    // Enrolled again another day: a new enrolment, a new welcome.
    await world.as('northStaff').put(`/api/pacients/${id}`, { ...body, enrolled: false });
    await world.advanceDays(1);
    await world.as('northStaff').put(`/api/pacients/${id}`, { ...body, enrolled: true });
    expect(await textsOf(world, id, 'welcome')).toHaveLength(2);
    // Back to the day the file's other cases are set in.
    await world.advanceDays(-1);
  });

  it('when an enrolled patient gives text consent later', async () => {
    const body = reminderPatientBody();
    const withoutConsent = { ...body, preferences: { ...body.preferences, textConsent: 'No' as const } };
    const id = await addPatient(world, 'northStaff', withoutConsent);
    expect(await textsOf(world, id, 'welcome')).toEqual([]);
    expect((await world.as('northStaff').put(`/api/pacients/${id}`, body)).statusCode).toBe(200);
    expect(await textsOf(world, id, 'welcome')).toHaveLength(1);
  });

  it('not to an opted-out number, and the save still succeeds', async () => {
    const phone = nextCell();
    await optOut(world, `+1${phone}`);
    const body = reminderPatientBody({
      change: { phones: [{ number: phone, type: 'Cell', notes: '' }], phone },
    });
    const id = await addPatient(world, 'northStaff', body);
    expect(await textsOf(world, id, 'welcome')).toEqual([]);
  });

  it('failing after the save (the database refusing it) leaves the save a success, with one patient', async () => {
    const db = world.t.app.vigil.database.db;
    const body = reminderPatientBody({ change: { lastName: 'Refused-Welcome' } });
    const res = await whileRefusing(
      db,
      { table: 'messages', operation: 'insert', when: "new.kind = 'welcome'" },
      () => world.as('northStaff').post('/api/pacients', body),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    const saved = await db.select().from(patients).where(eq(patients.lastName, 'Refused-Welcome'));
    expect(saved.map((p) => p.id)).toEqual([id]);
    expect(await textsOf(world, id, 'welcome')).toEqual([]);
  });

  it('not from a clinic without a texting number, and the save still succeeds', async () => {
    const id = await addPatient(world, 'southPhysician', southPatientBody());
    expect(await textsOf(world, id, 'welcome')).toEqual([]);
  });
});

describe('POST /manualCronJobs/smsReminders', () => {
  // The test clock starts at 2026-11-02T17:00:00Z: Monday 9:00 Pacific.
  it('runs the round of a Pacific time now and answers the count; a second run sends nothing', async () => {
    const a = await addReminderPatient(world, { times: ['7:30 AM'] });
    const b = await addReminderPatient(world, { times: ['7:30 AM'], language: 'ES' });
    const read = await addReminderPatient(world, { times: ['7:30 AM'] });
    await addReading(world, read.id, new Date('2026-11-02T15:00:00Z'));
    const res = await world.as('northStaff').post('/api/manualCronJobs/smsReminders', { time: '7:30' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: 2, slot: '2026-11-02T15:30:00.000Z' });
    expect(await textsOf(world, a.id, 'reminder')).toHaveLength(1);
    expect((await textsOf(world, b.id, 'reminder'))[0]?.body).toContain('le recuerda');
    expect(await textsOf(world, read.id, 'reminder')).toEqual([]);
    const again = await world.as('circleAdmin').post('/api/manualCronJobs/smsReminders', { time: '07:30' });
    expect(again.json().data.sent).toBe(0);
  });

  it.runIf(onPostgres)(
    'a patient deactivated or withdrawing consent while the round runs is not texted (PostgreSQL only)',
    async () => {
      const db = world.t.app.vigil.database.db;
      const leaving = reminderPatientBody({ times: ['6:30 AM'] });
      const leavingId = await addPatient(world, 'northStaff', leaving);
      const withdrawing = reminderPatientBody({ times: ['6:30 AM'] });
      const withdrawingId = await addPatient(world, 'northStaff', withdrawing);
      const staying = await addReminderPatient(world, { times: ['6:30 AM'] });
      // Each claim of the round takes a while: the edits land after the round read its patients.
      const slow = { table: 'sms_reminders', operation: 'insert' as const, ms: 300 };
      const res = await whileSlowing(db, slow, async () => {
        const round = world.as('northStaff').post('/api/manualCronJobs/smsReminders', { time: '6:30' });
        await new Promise((r) => setTimeout(r, 100));
        const edits = await Promise.all([
          world.as('northStaff').put(`/api/pacients/${leavingId}`, { ...leaving, active: false }),
          world.as('northStaff').put(`/api/pacients/${withdrawingId}`, {
            ...withdrawing,
            preferences: { ...withdrawing.preferences, remindersConsent: 'No' },
          }),
        ]);
        expect(edits.map((e) => e.statusCode)).toEqual([200, 200]);
        return round;
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.sent).toBe(1);
      expect(await textsOf(world, leavingId, 'reminder')).toEqual([]);
      expect(await textsOf(world, withdrawingId, 'reminder')).toEqual([]);
      expect(await textsOf(world, staying.id, 'reminder')).toHaveLength(1);
    },
  );

  it('reaches only the patients its user sees, and each text and its audit event name that user', async () => {
    const db = world.t.app.vigil.database.db;
    await db.update(clinics).set({ twilioNumber: '+15035550999' }).where(eq(clinics.id, fixtureIds.south));
    const north = await addReminderPatient(world, { times: ['10:30 AM'] });
    const southBody = reminderPatientBody({
      times: ['10:30 AM'],
      change: {
        clinic: fixtureIds.south,
        assignedPhysician: fixtureIds.southPhysician,
        careTeam: [fixtureIds.southStaff],
      },
    });
    const southId = await addPatient(world, 'southPhysician', southBody);
    const res = await world.as('northStaff').post('/api/manualCronJobs/smsReminders', { time: '10:30' });
    expect(res.json().data.sent).toBe(1);
    expect(await textsOf(world, southId, 'reminder')).toEqual([]);
    const [text] = await textsOf(world, north.id, 'reminder');
    expect(text?.userId).toBe(fixtureIds.northStaff);
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'message.sent'), eq(auditEvents.entityId, text!.id)));
    expect(event?.actorUserId).toBe(fixtureIds.northStaff);
    // The South patient's own round still reaches them.
    const own = await world.as('southPhysician').post('/api/manualCronJobs/smsReminders', { time: '10:30' });
    expect(own.json().data.sent).toBe(1);
    expect(await textsOf(world, southId, 'reminder')).toHaveLength(1);
  });

  it('reads 24:00 and 24:30 as tomorrow', async () => {
    const res = await world.as('northPhysician').post('/api/manualCronJobs/smsReminders', { time: '24:30' });
    expect(res.json().data).toEqual({ sent: 0, slot: '2026-11-03T08:30:00.000Z' });
  });

  it('refuses a time off the half-hour steps, with the field message, changing nothing', async () => {
    for (const time of ['7:15', '25:00', 'noon', '', 730]) {
      const res = await world.as('northStaff').post('/api/manualCronJobs/smsReminders', { time });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(manualReminderTimeMessage);
    }
    expect((await world.as('northStaff').post('/api/manualCronJobs/smsReminders', {})).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await world.t.app.inject({
      method: 'POST',
      url: '/api/manualCronJobs/smsReminders',
      payload: { time: '8:00' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('tells the web app the tools are here, with their choices', async () => {
    const res = await world.as('northStaff').get('/api/manualCronJobs/smsReminders');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.times).toHaveLength(50);
    expect(res.json().data.timeZone).toBe('America/Los_Angeles');
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'true' } });
    try {
      const token = await signIn(prod.app, 'admin@circle.demo');
      const as = asUser(prod.app, token);
      expect((await as.post('/api/manualCronJobs/smsReminders', { time: '8:00' })).statusCode).toBe(404);
      expect((await as.get('/api/manualCronJobs/smsReminders')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
