import type { PatientFormInput } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { clinics, messages, readings, smsOptOuts } from '../../db/schema/index.js';
import {
  addPatient,
  createWorld,
  fixtureIds,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';

/** The North clinic's texting number in the reminder tests; South has none. */
export const northNumber = '+15035550177';

/** A fixture world whose North clinic can text. */
export async function createTextingWorld(env: Record<string, string> = {}): Promise<World> {
  const world = await createWorld(env);
  await world.t.app.vigil.database.db
    .update(clinics)
    .set({ twilioNumber: northNumber })
    .where(eq(clinics.id, fixtureIds.north));
  return world;
}

let phoneCounter = 0;
/** A distinct cell number for each patient, so each one's texts can be told apart. */
export function nextCell(): string {
  phoneCounter += 1;
  return `503555${String(2000 + phoneCounter).padStart(4, '0')}`;
}

/** A North patient, enrolled, with text consent and reading reminders at `times` on `days` (every day if none). */
export function reminderPatientBody(
  options: { times?: string[]; days?: string[]; language?: string; change?: Partial<PatientFormInput> } = {},
): PatientFormInput {
  const phone = nextCell();
  const { times = ['8:00 AM'], days, language = 'EN', change = {} } = options;
  return patientBody({
    language,
    phones: [{ number: phone, type: 'Cell', notes: '' }],
    phone,
    preferences: {
      textConsent: 'Yes',
      emailConsent: 'No',
      remindersConsent: 'Yes',
      numberDailyReminders: times.length,
      reminderTimes: times,
      dailyRemindersConsent: days ? 'No' : 'Yes',
      daysToTextReminders: days ?? [],
    },
    ...change,
  } as Partial<PatientFormInput>);
}

export async function addReminderPatient(
  world: World,
  options: Parameters<typeof reminderPatientBody>[0] = {},
) {
  const body = reminderPatientBody(options);
  const id = await addPatient(world, 'northStaff', body);
  return { id, phone: body.phone as string, e164: `+1${body.phone as string}` };
}

/** The product's texts of one kind to a patient, oldest first. */
export async function textsOf(world: World, patientId: string, kind: 'welcome' | 'reminder') {
  const rows = await world.t.app.vigil.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.patientId, patientId), eq(messages.kind, kind)));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function addReading(world: World, patientId: string, takenAt: Date) {
  await world.t.app.vigil.database.db.insert(readings).values({
    clinicId: fixtureIds.north,
    patientId,
    takenAt,
    systolic: 120,
    diastolic: 80,
    heartRate: 70,
    source: 'MANUAL',
  });
}

export async function optOut(world: World, e164: string) {
  await world.t.app.vigil.database.db
    .insert(smsOptOuts)
    .values({ phoneNumber: e164, clinicNumber: northNumber, optedOutAt: world.t.clock.now() });
}
