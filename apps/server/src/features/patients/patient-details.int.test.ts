import {
  errorMessages,
  type MedicationView,
  messages,
  type PatientDetailsView,
  patientErrorMessages,
} from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, auditEvents, devices, patientDevices, patients } from '../../db/schema/index.js';
import { anyValue, expectClientAnswer, idArbitrary } from '../../test/malformed-calls.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type Who,
  type World,
} from './patient-fixtures.js';
import { patchOneFieldMessage } from './patients.service.js';

let w: World;
let patient: string;
beforeAll(async () => {
  w = await createWorld();
  patient = await addPatient(w, 'northStaff', patientBody({ firstName: 'Dee', lastName: 'Tail' }));
});
afterAll(() => w.close());

const hour = 3_600_000;
const db = () => w.t.app.vigil.database.db;

async function details(who: Who = 'northStaff'): Promise<PatientDetailsView> {
  const res = await w.as(who).get(`/api/pacients/${patient}/details`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const stored = async () => (await db().select().from(patients).where(eq(patients.id, patient)))[0]!;
const messagesOf = async (action: string) =>
  (
    await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient), eq(auditEvents.action, action)))
  ).map((e) => e.details?.message);

const lisinopril = { name: 'Lisinopril', doseSize: { value: 10, type: 'mg' }, frequency: { type: 'QD' } };
const aspirin = { name: 'Aspirin', doseSize: { value: '81', type: 'mg' }, frequency: { type: 'QD' } };

describe('GET /pacients/{id}/details', () => {
  it('answers the patient with empty issues, medications, alerts, calls and devices at first', async () => {
    const view = await details();
    expect(view).toMatchObject({
      _id: patient,
      fullName: 'Dee Tail',
      activeIssues: '',
      medications: [],
      alerts: [],
      lastCompletedCall: null,
      lastAttemptedCall: null,
      devicesCount: 0,
    });
  });

  it('lists the alerts not dismissed, newest reading first, and counts the pairings in force', async () => {
    const now = w.t.clock.now();
    const at = (h: number) => new Date(now.getTime() + h * hour);
    const base = { clinicId: ids.north, patientId: patient, category: 'Clinical' as const };
    const [older, newer, cleared] = await db()
      .insert(alerts)
      .values([
        { ...base, type: 'BPLow', readingDate: at(-48), createdAt: at(-48) },
        { ...base, type: 'BPHighSingle', readingDate: at(-1), snoozedUntil: at(5), createdAt: at(-1) },
        { ...base, type: 'HeartRateLow', readingDate: at(-2), dismissedAt: at(-1), createdAt: at(-2) },
      ])
      .returning();
    const made = await db()
      .insert(devices)
      .values(
        ['1', '2', '3'].map((n) => ({
          brand: 'BODYTRACE',
          type: 'Scale',
          serialNumber: `86000000000000${n}`,
          name: `Scale ${n}`,
        })) as (typeof devices.$inferInsert)[],
      )
      .returning();
    await db()
      .insert(patientDevices)
      .values([
        { clinicId: ids.north, patientId: patient, deviceId: made[0]!.id, pairedAt: now, status: 'active' },
        { clinicId: ids.north, patientId: patient, deviceId: made[1]!.id, pairedAt: now, status: 'disabled' },
        { clinicId: ids.north, patientId: patient, deviceId: made[2]!.id, pairedAt: now, deletedAt: now },
      ]);

    const view = await details('circleAdmin');
    expect(view.alerts.map((a) => a._id)).toEqual([newer!.id, older!.id]);
    expect(view.alerts.map((a) => a._id)).not.toContain(cleared!.id);
    expect(view.alerts[0]).toEqual({
      _id: newer!.id,
      category: 'Clinical',
      type: 'BPHighSingle',
      readingDate: at(-1).toISOString(),
      snoozedUntil: at(5).toISOString(),
      customDescription: null,
      createdAt: at(-1).toISOString(),
    });
    // The active pairing only: a disconnected or deleted one takes no readings.
    expect(view.devicesCount).toBe(1);
  });

  it('is recorded as "Viewed patient" in the audit trail', async () => {
    await details('northPhysician');
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient), eq(auditEvents.actorUserId, ids.northPhysician)));
    expect(event).toMatchObject({
      action: 'patient.viewed',
      details: { message: 'Viewed patient', view: 'details' },
    });
  });
});

describe('PATCH /pacients/{id} with activeIssues', () => {
  it('saves the text, answers it, shows it on the page and records "Updated active issues"', async () => {
    const res = await w
      .as('northStaff')
      .patch(`/api/pacients/${patient}`, { activeIssues: 'Dizzy in the mornings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { activeIssues: 'Dizzy in the mornings', updatedAt: w.t.clock.now().toISOString() },
    });
    expect((await details()).activeIssues).toBe('Dizzy in the mornings');
    expect(await messagesOf('patient.active-issues.updated')).toEqual(['Updated active issues']);
    // Saving the same text again changes nothing and records nothing.
    await w.as('northStaff').patch(`/api/pacients/${patient}`, { activeIssues: 'Dizzy in the mornings' });
    expect(await messagesOf('patient.active-issues.updated')).toHaveLength(1);
    const cleared = await w.as('navigatorA').patch(`/api/pacients/${patient}`, { activeIssues: '' });
    expect(cleared.json().data.activeIssues).toBe('');
    expect((await stored()).activeIssues).toBe('');
  });
});

describe('PATCH /pacients/{id} with medications', () => {
  it('saves the full list, gives new entries an id and keeps the ids of saved ones, auditing each change', async () => {
    const first = await w
      .as('northStaff')
      .patch(`/api/pacients/${patient}`, { medications: [lisinopril, aspirin] });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().data.medications as MedicationView[];
    expect(saved).toEqual([
      { _id: expect.any(String), ...lisinopril },
      { _id: expect.any(String), ...aspirin, doseSize: { value: 81, type: 'mg' } },
    ]);
    expect(saved[0]!._id).not.toBe(saved[1]!._id);
    expect((await details()).medications).toEqual(saved);

    // Lisinopril's dose changes, Aspirin is removed, Metoprolol is added; an unknown field is not stored.
    const next = [
      { ...saved[0]!, doseSize: { value: 20, type: 'mg' }, color: 'white' },
      { name: 'Metoprolol', doseSize: { value: 25, type: 'mg' }, frequency: { type: 'BID' }, _id: 'mine' },
    ];
    const second = await w.as('northPhysician').patch(`/api/pacients/${patient}`, { medications: next });
    expect(second.statusCode, second.body).toBe(200);
    const after = second.json().data.medications as MedicationView[];
    expect(after[0]).toEqual({ ...lisinopril, _id: saved[0]!._id, doseSize: { value: 20, type: 'mg' } });
    expect(after[1]).toMatchObject({ name: 'Metoprolol' });
    expect(after[1]!._id).not.toBe('mine');
    expect((await stored()).medications).toEqual(after);

    const events = await db().select().from(auditEvents).where(eq(auditEvents.patientId, patient));
    expect(events.map((e) => e.details?.message).filter((m) => String(m).includes('medication'))).toEqual([
      'Added medication Lisinopril',
      'Added medication Aspirin',
      'Changed medication Lisinopril',
      'Added medication Metoprolol',
      'Removed medication Aspirin',
    ]);

    const none = await w.as('northStaff').patch(`/api/pacients/${patient}`, { medications: [] });
    expect(none.json().data.medications).toEqual([]);
    expect((await details()).medications).toEqual([]);
  });

  it('refuses an invalid list with every field message at once, saving nothing', async () => {
    await w.as('northStaff').patch(`/api/pacients/${patient}`, { medications: [lisinopril] });
    const before = await stored();
    const res = await w.as('northStaff').patch(`/api/pacients/${patient}`, {
      medications: [
        lisinopril,
        { name: ' ', doseSize: { value: 'ten', type: 'cup' }, frequency: {} },
        { name: 'X', doseSize: { value: '', type: 'mg' }, frequency: { type: 'QD' } },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: messages.nameRequired,
      fields: {
        'medications.1.name': messages.nameRequired,
        'medications.1.doseSize.value': messages.enterNumber,
        'medications.1.doseSize.type': messages.selectUnit,
        'medications.1.frequency.type': messages.selectFrequency,
        'medications.2.doseSize.value': messages.doseRequired,
      },
    });
    expect(await stored()).toEqual(before);
  });
});

describe('PATCH /pacients/{id}: other bodies, tenancy', () => {
  it('answers 400 with the field message for any other body, changing nothing', async () => {
    const before = await stored();
    const cases: [unknown, string, string][] = [
      [{}, 'activeIssues', messages.required],
      [{ firstName: 'Changed' }, 'medications', messages.required],
      [{ activeIssues: 'a', medications: [] }, '_', patchOneFieldMessage],
      [{ activeIssues: 5 }, 'activeIssues', ''],
      [{ activeIssues: 'x'.repeat(10_001) }, 'activeIssues', ''],
      [{ medications: 'none' }, 'medications', ''],
      [{ medications: null }, 'medications', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await w.as('northStaff').patch(`/api/pacients/${patient}`, body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json();
      expect(typeof answer.fields[field], JSON.stringify(body)).toBe('string');
      if (message) expect(answer.fields[field]).toBe(message);
      expect(answer.message).toBe(answer.fields[field] ?? answer.message);
    }
    for (const raw of ['[]', 'null', '"text"']) {
      const res = await w.t.app.inject({
        method: 'PATCH',
        url: `/api/pacients/${patient}`,
        payload: raw,
        headers: { authorization: `Bearer ${w.tokens.northStaff}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode, raw).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 404 to another clinic and for unknown or malformed ids, changing nothing', async () => {
    const before = await stored();
    for (const x of [patient, '10000000-0000-4000-8000-00000000ffff', 'not-a-uuid']) {
      const who = x === patient ? 'southPhysician' : 'circleAdmin';
      for (const body of [{ activeIssues: 'not mine' }, { medications: [lisinopril] }, {}]) {
        const res = await w.as(who).patch(`/api/pacients/${x}`, body);
        expect(res.statusCode, `${x} ${JSON.stringify(body)}`).toBe(404);
        expect(res.json().message).toBe(errorMessages.notFound);
      }
      expect((await w.as(who).get(`/api/pacients/${x}/details`)).statusCode).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });

  it('answers random bodies from every role with a 4xx and a message, or a success when valid', async () => {
    const medication = fc.record(
      {
        _id: fc.oneof(anyValue, fc.uuid()),
        name: anyValue,
        doseSize: fc.oneof(
          anyValue,
          fc.record({ value: anyValue, type: fc.oneof(fc.constantFrom('mg', 'ml'), anyValue) }),
        ),
        frequency: fc.oneof(anyValue, fc.record({ type: fc.oneof(fc.constantFrom('QD', 'PRN'), anyValue) })),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({ activeIssues: anyValue }),
      fc.record({ medications: fc.oneof(anyValue, fc.array(medication, { maxLength: 3 })) }),
    );
    const id = idArbitrary(() => [patient], 20);
    const who = fc.constantFrom<Who>('circleAdmin', 'northStaff', 'southPhysician');
    await fc.assert(
      fc.asyncProperty(id, body, who, async (x, payload, user) => {
        await expectClientAnswer(
          w.t.app,
          { method: 'PATCH', url: `/api/pacients/${x}`, body: payload },
          { authorization: `Bearer ${w.tokens[user]}` },
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('PATCH /pacients/{id} from a page that showed an older version', () => {
  it('is refused (409) for the issues and the medications, so no colleague’s change is undone', async () => {
    const other = await addPatient(w, 'northStaff', patientBody({ firstName: 'Concurrent' }));
    const url = `/api/pacients/${other}`;
    const row = async () => (await db().select().from(patients).where(eq(patients.id, other)))[0]!;
    const shown = (await w.as('northStaff').get(`${url}/details`)).json().data.updatedAt;
    w.t.clock.advance(1000);
    const physician = await w
      .as('northPhysician')
      .patch(url, { medications: [lisinopril], updatedAt: shown });
    expect(physician.statusCode, physician.body).toBe(200);
    const after = physician.json().data.updatedAt;
    expect(after).toBe(w.t.clock.now().toISOString());
    const kept = await row();

    const refused = { message: patientErrorMessages.patientChangedOnPage, code: 'CONFLICT' };
    const staleList = await w.as('northStaff').patch(url, { medications: [aspirin], updatedAt: shown });
    expect(staleList.statusCode).toBe(409);
    expect(staleList.json()).toEqual(refused);
    const staleIssues = await w
      .as('northStaff')
      .patch(url, { activeIssues: 'Nurse: new cuff shipped.', updatedAt: shown });
    expect(staleIssues.json()).toEqual(refused);
    expect(await row()).toEqual(kept);

    const fresh = await w
      .as('northStaff')
      .patch(url, { activeIssues: 'Nurse: new cuff shipped.', updatedAt: after });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const bad = await w.as('northStaff').patch(url, { activeIssues: 'x', updatedAt: 5 });
    expect(bad.statusCode).toBe(400);
  });
});
