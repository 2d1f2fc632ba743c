import {
  defaultCustomAlerts,
  messages,
  type PatientFormInput,
  type PatientView,
  patientErrorMessages,
} from '@vigil/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, patientCareTeam, patients, timeEntries } from '../../db/schema/index.js';
import { whileSlowing } from '../../test/refuse-writes.js';
import { onPostgres } from '../../test/test-app.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  southPatientBody,
  type World,
} from './patient-fixtures.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const db = () => w.t.app.vigil.database.db;
const circleBody = (change: Parameters<typeof patientBody>[0] = {}) =>
  patientBody({ assignedCareNavigator: ids.navigatorA, careTeam: [ids.northStaff], ...change });

async function rowCounts() {
  const [p] = await db().select({ n: count() }).from(patients);
  const [ct] = await db().select({ n: count() }).from(patientCareTeam);
  const [a] = await db().select({ n: count() }).from(auditEvents);
  return { patients: p!.n, careTeam: ct!.n, audit: a!.n };
}

async function view(id: string, who: Parameters<World['as']>[0] = 'circleAdmin'): Promise<PatientView> {
  const res = await w.as(who).get(`/api/pacients/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The body of PUT for a saved patient: its form values, changed as given. */
const editBody = (change: Parameters<typeof patientBody>[0] = {}) => {
  const { connectDevices: _, ...body } = patientBody(change);
  return body;
};

describe('tenancy: a patient outside the scope is 404 on every route', () => {
  let northId: string;
  beforeAll(async () => {
    northId = await addPatient(w, 'northStaff', patientBody());
  });

  const routes = (id: string) =>
    [
      ['GET', `/api/pacients/${id}`],
      ['GET', `/api/pacients/${id}/details`],
      ['PUT', `/api/pacients/${id}`],
      ['POST', `/api/pacients/${id}/track`],
      ['POST', `/api/pacients/${id}/mark-monthly-reviewed`],
    ] as const;
  const call = (who: Parameters<World['as']>[0], method: string, url: string) => {
    const as = w.as(who);
    if (method === 'GET') return as.get(url);
    if (method === 'PUT') return as.put(url, editBody());
    return as.post(url, url.endsWith('/track') ? { time: 5 } : undefined);
  };

  it('answers another clinic, an unknown id and a malformed id with 404, and changes nothing', async () => {
    const before = await rowCounts();
    const [entries] = await db().select({ n: count() }).from(timeEntries);
    for (const id of [northId, '10000000-0000-4000-8000-00000000ffff', 'not-a-uuid', '%27%20or%201%3D1']) {
      for (const [method, url] of routes(id)) {
        const res = await call('southPhysician', method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await rowCounts()).toEqual(before);
    const [after] = await db().select({ n: count() }).from(timeEntries);
    expect(after).toEqual(entries);
    const [row] = await db().select().from(patients).where(eq(patients.id, northId));
    expect(row!.lastReviewedAt).toBeNull();
  });

  it('lets the clinic and every CIRCLE user reach it', async () => {
    for (const who of ['northStaff', 'northPhysician', 'circleAdmin', 'navigatorA'] as const) {
      expect((await w.as(who).get(`/api/pacients/${northId}`)).statusCode).toBe(200);
      expect((await w.as(who).get(`/api/pacients/${northId}/details`)).statusCode).toBe(200);
    }
  });

  it('needs a session', async () => {
    const anonymous = await w.t.app.inject({ method: 'GET', url: `/api/pacients/${northId}` });
    expect(anonymous.statusCode).toBe(401);
    const create = await w.t.app.inject({ method: 'POST', url: '/api/pacients', payload: patientBody() });
    expect(create.statusCode).toBe(401);
  });
});

describe('POST /pacients and GET /pacients/{id}', () => {
  it('creates a patient and answers its id; GET answers the stored form with names', async () => {
    const res = await w
      .as('circleAdmin')
      .post('/api/pacients', circleBody({ firstName: ' Zoë ', lastName: 'Núñez ' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    const patient = await view(id);
    expect(patient).toMatchObject({
      _id: id,
      clinic: ids.north,
      clinicName: 'North Clinic',
      firstName: 'Zoë',
      lastName: 'Núñez',
      fullName: 'Zoë Núñez',
      assignedPhysician: ids.northPhysician,
      assignedPhysicianName: 'physician Fixture',
      assignedCareNavigator: ids.navigatorA,
      careNavigators: [{ _id: ids.navigatorA, fullName: 'nav-a Abbott' }],
      careTeam: [ids.northStaff],
      staff: [{ _id: ids.northStaff, fullName: 'staff Fixture' }],
      dateOfBirth: '1950-04-12',
      phones: [{ number: '5551234567', type: 'Cell', notes: null }],
      phone: '5551234567',
      medicalInfo: { height: `5'7"`, heightInInches: 67, weight: 165, gender: 'FEMALE' },
      customAlerts: defaultCustomAlerts,
      trackedTimeThisMonth: 0,
      connectDevices: 'Yes',
    });
    const [row] = await db().select().from(patients).where(eq(patients.id, id));
    expect(row!.searchText).toBe('zoe nunez');
    const withParams = await w
      .as('circleAdmin')
      .get(`/api/pacients/${id}?trackAT=true&includeClinicData=true`);
    expect(withParams.json().data).toEqual(patient);
  });

  it('records a read of patient data as an audit event, with who and which view', async () => {
    const id = await addPatient(w, 'northStaff', patientBody());
    await w.as('northPhysician').get(`/api/pacients/${id}/details`);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.patientId, id));
    expect(events.map((e) => e.action)).toEqual(['patient.created', 'patient.viewed']);
    expect(events[1]).toMatchObject({ actorUserId: ids.northPhysician, details: { view: 'details' } });
  });
});

describe('permissions (spec patients 6)', () => {
  it('keeps a clinic user in their own clinic: another clinic is 404 and nothing is written', async () => {
    const before = await rowCounts();
    const res = await w
      .as('northStaff')
      .post(
        '/api/pacients',
        patientBody({ clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [] }),
      );
    expect(res.statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a clinic user set no care navigator on create, and keeps the saved ones on edit', async () => {
    const id = await addPatient(w, 'northStaff', patientBody({ assignedCareNavigator: ids.navigatorA }));
    expect((await view(id)).careNavigators).toEqual([]);
    const edit = await w
      .as('circleAdmin')
      .put(`/api/pacients/${id}`, editBody({ assignedCareNavigator: ids.navigatorA }));
    expect(edit.statusCode).toBe(200);
    const res = await w
      .as('northStaff')
      .put(`/api/pacients/${id}`, editBody({ assignedCareNavigator: ids.navigatorB }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.careNavigators).toEqual([{ _id: ids.navigatorA, fullName: 'nav-a Abbott' }]);
    const cleared = await w
      .as('northStaff')
      .put(`/api/pacients/${id}`, editBody({ assignedCareNavigator: null }));
    expect(cleared.json().data.assignedCareNavigator).toBe(ids.navigatorA);
  });

  // PGlite runs one statement at a time, so two saves cannot overlap there.
  it.runIf(onPostgres)(
    'keeps an operator’s new navigator when a clinic user saves the form at the same moment (PostgreSQL only)',
    async () => {
      const id = await addPatient(w, 'circleAdmin', circleBody());
      // The operator's save holds its transaction open a moment after writing the navigator.
      const slow = {
        table: 'patient_care_team',
        operation: 'insert' as const,
        when: `new.user_id = '${ids.navigatorB}'`,
        ms: 400,
      };
      await whileSlowing(db(), slow, async () => {
        const operator = w
          .as('circleAdmin')
          .put(`/api/pacients/${id}`, editBody({ assignedCareNavigator: ids.navigatorB }));
        await new Promise((r) => setTimeout(r, 100));
        const staff = w.as('northStaff').put(`/api/pacients/${id}`, editBody({ firstName: 'Changedname' }));
        const answers = await Promise.all([operator, staff]);
        expect(
          answers.map((r) => r.statusCode),
          answers[1]!.body,
        ).toEqual([200, 200]);
      });
      const saved = await view(id);
      expect(saved.careNavigators).toEqual([{ _id: ids.navigatorB, fullName: 'nav-b Barnes' }]);
      expect(saved.firstName).toBe('Changedname');
    },
  );

  it('requires the navigator and staff from CIRCLE users', async () => {
    const res = await w.as('circleAdmin').post('/api/pacients', patientBody({ careTeam: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      assignedCareNavigator: messages.required,
      careTeam: messages.required,
    });
  });

  it('never changes the clinic on edit, for anyone', async () => {
    const id = await addPatient(w, 'circleAdmin', circleBody());
    for (const who of ['circleAdmin', 'northStaff'] as const) {
      const res = await w
        .as(who)
        .put(`/api/pacients/${id}`, editBody({ clinic: ids.south, assignedCareNavigator: ids.navigatorA }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ clinic: patientErrorMessages.clinicCannotChange });
    }
    expect((await view(id)).clinic).toBe(ids.north);
  });

  it.each([
    ['a physician of another clinic', { assignedPhysician: ids.southPhysician }, 'assignedPhysician'],
    ['a staff member as physician', { assignedPhysician: ids.northStaff }, 'assignedPhysician'],
    ['an unknown physician', { assignedPhysician: 'nobody' }, 'assignedPhysician'],
    ['staff of another clinic', { careTeam: [ids.southStaff] }, 'careTeam'],
    ['a physician as staff', { careTeam: [ids.northPhysician2] }, 'careTeam'],
    ['a deactivated staff member', { careTeam: [ids.northStaffOff] }, 'careTeam'],
    ['a deactivated navigator', { assignedCareNavigator: ids.navigatorOff }, 'assignedCareNavigator'],
    ['a clinic user as navigator', { assignedCareNavigator: ids.northStaff }, 'assignedCareNavigator'],
  ])('refuses %s with the field message and writes nothing', async (_, change, field) => {
    const before = await rowCounts();
    const res = await w.as('circleAdmin').post('/api/pacients', circleBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { [field]: messages.required } });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an inactive or unknown clinic', async () => {
    for (const clinic of [ids.closed, '10000000-0000-4000-8000-00000000ffff']) {
      const res = await w.as('circleAdmin').post('/api/pacients', circleBody({ clinic }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ clinic: messages.required });
    }
  });

  it('keeps an assignment saved before its user was deactivated, but accepts no new one', async () => {
    const id = await addPatient(w, 'circleAdmin', circleBody({ careTeam: [ids.northStaff2] }));
    await db()
      .update(patientCareTeam)
      .set({ userId: ids.northStaffOff })
      .where(eq(patientCareTeam.patientId, id));
    const kept = await w
      .as('northStaff')
      .put(`/api/pacients/${id}`, editBody({ careTeam: [ids.northStaffOff], lastName: 'Kept' }));
    expect(kept.statusCode).toBe(200);
    const other = await addPatient(w, 'northStaff', patientBody());
    const added = await w
      .as('northStaff')
      .put(`/api/pacients/${other}`, editBody({ careTeam: [ids.northStaffOff] }));
    expect(added.statusCode).toBe(400);
  });
});

describe('validation (spec patients 5): refused with the spec message, nothing changed', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      'an empty form',
      {},
      {
        clinic: messages.required,
        assignedPhysician: messages.required,
        firstName: messages.required,
        lastName: messages.required,
        language: messages.required,
        dateOfBirth: messages.required,
        gender: messages.required,
        diagnosis: messages.required,
        heightFeet: messages.required,
        heightInches: messages.required,
        weight: messages.required,
        consent: messages.required,
        'phones.0.number': messages.required,
        connectDevices: messages.required,
      },
    ],
    [
      'blank names',
      { firstName: '  ', lastName: '' },
      { firstName: messages.required, lastName: messages.required },
    ],
    [
      'a bad first phone',
      { phones: [{ number: '555-12', type: 'Cell' }], phone: null, preferences: { textConsent: 'No' } },
      { 'phones.0.number': messages.providePhone },
    ],
    [
      'a bad second phone',
      {
        phones: [
          { number: '5551234567', type: 'Cell' },
          { number: 'abc', type: 'Landline' },
        ],
      },
      { 'phones.1.number': messages.providePhone },
    ],
    [
      'a first phone without type',
      { phones: [{ number: '5551234567' }], phone: null, preferences: {} },
      { 'phones.0.type': messages.required },
    ],
    ['a bad email', { email: 'not-an-email' }, { email: messages.provideEmail }],
    // An option the form does not offer: only an API client sends one, and is told what was expected.
    [
      'an unknown gender',
      { gender: 'OTHER' },
      { gender: expect.stringMatching(/^Invalid option: expected one of/) },
    ],
    [
      'an unknown diagnosis',
      { diagnosis: 'Flu' },
      { diagnosis: expect.stringMatching(/^Invalid option: expected one of/) },
    ],
    [
      'an unknown language',
      { language: 'XX' },
      { language: expect.stringMatching(/^Invalid option: expected one of/) },
    ],
    ['an impossible date of birth', { dateOfBirth: '02/30/1950' }, { dateOfBirth: messages.invalidDate }],
    ['a height that is not a number', { heightFeet: 'five' }, { heightFeet: messages.mustBeNumber }],
    ['no consent', { consent: { status: '' } }, { 'consent.status': messages.required }],
    ['no Connect Devices answer on add', { connectDevices: null }, { connectDevices: messages.required }],
    [
      'a bad emergency contact number',
      { preferences: { emergencyContactNumber: '12' } },
      { 'preferences.emergencyContactNumber': messages.providePhone },
    ],
    [
      'a texting number that is not a Cell phone',
      { phones: [{ number: '5551234567', type: 'Landline' }], preferences: { textConsent: 'Yes' } },
      { phone: messages.required },
    ],
    [
      'reminders without their count, slots or days',
      {
        preferences: {
          remindersConsent: 'Yes',
          numberDailyReminders: 2,
          reminderTimes: ['8:00 AM'],
          dailyRemindersConsent: 'No',
        },
      },
      {
        'preferences.reminderTimes.1': messages.required,
        'preferences.daysToTextReminders': messages.required,
      },
    ],
    [
      'custom alerts out of order',
      { customAlerts: [...defaultCustomAlerts].reverse() },
      { customAlerts: messages.customAlertsOrder },
    ],
  ];

  it.each(cases)('refuses %s on create', async (_, change, fields) => {
    const before = await rowCounts();
    const body = Object.keys(change).length ? { ...patientBody(), ...change } : {};
    const res = await w.as('northStaff').post('/api/pacients', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: messages.requiredFieldsBanner });
    expect(res.json().fields).toEqual(fields);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a bad edit and leaves the patient as it was', async () => {
    const id = await addPatient(w, 'northStaff', patientBody());
    const before = await view(id);
    const counts = await rowCounts();
    const res = await w
      .as('northStaff')
      .put(`/api/pacients/${id}`, { ...editBody(), firstName: '', email: 'x@' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ firstName: messages.required, email: messages.provideEmail });
    expect(await view(id)).toEqual(before);
    expect(await rowCounts()).toEqual({ ...counts, audit: counts.audit + 1 });
  });

  it('refuses a save from a form opened on an older version (409), so a colleague’s change is not undone', async () => {
    const id = await addPatient(w, 'northStaff', patientBody({ firstName: 'Versioned' }));
    const opened = (await view(id)).updatedAt;
    w.t.clock.advance(1000);
    const colleague = await w.as('northPhysician').put(`/api/pacients/${id}`, {
      ...editBody({ firstName: 'Versioned' }),
      updatedAt: opened,
      preferences: { textConsent: 'No' },
    });
    expect(colleague.statusCode, colleague.body).toBe(200);
    const saved = await view(id);
    expect(saved.updatedAt).not.toBe(opened);

    const stale = await w.as('northStaff').put(`/api/pacients/${id}`, {
      ...editBody({ firstName: 'Versioned', weight: '155' }),
      updatedAt: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: patientErrorMessages.patientChanged, code: 'CONFLICT' });
    expect(await view(id)).toEqual(saved);

    const bad = await w
      .as('northStaff')
      .put(`/api/pacients/${id}`, { ...editBody(), updatedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ updatedAt: messages.invalidDate });
    const fresh = await w
      .as('northStaff')
      .put(`/api/pacients/${id}`, { ...editBody({ firstName: 'Versioned' }), updatedAt: saved.updatedAt });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('refuses a body that is not an object', async () => {
    for (const body of [[], 'text', 42, null]) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/pacients',
        payload: JSON.stringify(body),
        headers: { authorization: `Bearer ${w.tokens.northStaff}`, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('consent (spec patients 4) on the server', () => {
  it('records the user and date with a consent, and none for Not yet obtained', async () => {
    const given = await view(await addPatient(w, 'northStaff', patientBody()));
    expect(given.consent).toEqual({
      status: 'Obtained via telephone',
      user: ids.northStaff,
      dateGiven: w.t.clock.now().toISOString(),
    });
    const none = await view(
      await addPatient(w, 'northStaff', patientBody({ consent: { status: 'Not yet obtained' } })),
    );
    expect(none.consent).toEqual({ status: 'Not yet obtained', user: null, dateGiven: null });
    // Without consent to contact, text and email consent reset to No and the texting number is cleared.
    expect(none.preferences).toMatchObject({
      textConsent: 'No',
      emailConsent: 'No',
      monthlyReportConsent: 'No',
    });
    expect(none.phone).toBeNull();
  });

  it('keeps who recorded an unchanged consent, and records a changed one anew', async () => {
    const id = await addPatient(w, 'northStaff', patientBody());
    const first = (await view(id)).consent;
    await w.advance(60_000);
    await w.as('northPhysician').put(`/api/pacients/${id}`, editBody({ lastName: 'Later' }));
    expect((await view(id)).consent).toEqual(first);
    await w
      .as('northPhysician')
      .put(`/api/pacients/${id}`, editBody({ consent: { status: 'Obtained by clinic staff' } }));
    expect((await view(id)).consent).toEqual({
      status: 'Obtained by clinic staff',
      user: ids.northPhysician,
      dateGiven: w.t.clock.now().toISOString(),
    });
  });

  it('stores the monthly report consent that the consent filter reads', async () => {
    const id = await addPatient(
      w,
      'northStaff',
      patientBody({ preferences: { emailConsent: 'Yes', monthlyReportConsent: 'Yes' } }),
    );
    const [row] = await db().select().from(patients).where(eq(patients.id, id));
    expect(row!.monthlyReportConsent).toBe(true);
    await w.as('northStaff').put(`/api/pacients/${id}`, editBody({ preferences: { emailConsent: 'No' } }));
    const [after] = await db().select().from(patients).where(eq(patients.id, id));
    expect(after!.monthlyReportConsent).toBe(false);
  });
});

describe('enrolled and active (spec patients 4) on the server', () => {
  it('enrols on create: active, ever enrolled, enrolled now', async () => {
    const patient = await view(await addPatient(w, 'northStaff', patientBody({ enrolled: true })));
    expect(patient).toMatchObject({
      enrolled: true,
      active: true,
      dateOfEnrollment: w.t.clock.now().toISOString(),
    });
    const never = await view(
      await addPatient(w, 'northStaff', patientBody({ enrolled: false, active: true })),
    );
    expect(never).toMatchObject({ enrolled: false, active: false, dateOfEnrollment: null });
  });

  it('moves active with enrolled, keeps active only while enrolled, and restarts the enrolment date another day', async () => {
    const id = await addPatient(w, 'northStaff', patientBody({ enrolled: false }));
    const put = async (change: Parameters<typeof patientBody>[0]) => {
      const res = await w.as('northStaff').put(`/api/pacients/${id}`, editBody(change));
      expect(res.statusCode).toBe(200);
      return res.json().data as PatientView;
    };
    // Steps shorter than the 30 idle minutes that end a session.
    await w.advance(20 * 60_000);
    const enrolledAt = w.t.clock.now().toISOString();
    // Changing enrolled sets active to the same value, whatever active says.
    expect(await put({ enrolled: true, active: false })).toMatchObject({
      enrolled: true,
      active: true,
      dateOfEnrollment: enrolledAt,
    });
    expect(await put({ enrolled: true, active: false })).toMatchObject({ enrolled: true, active: false });
    await w.advance(20 * 60_000);
    expect(await put({ enrolled: false, active: true })).toMatchObject({
      enrolled: false,
      active: false,
      dateOfEnrollment: enrolledAt,
    });
    const [row] = await db().select().from(patients).where(eq(patients.id, id));
    expect(row).toMatchObject({ everEnrolled: true, enrolled: false });
    await w.advance(20 * 60_000);
    // Enrolled again the same day: a correction, and the enrolment goes on.
    expect(await put({ enrolled: true })).toMatchObject({ active: true, dateOfEnrollment: enrolledAt });
    expect(await put({ enrolled: false })).toMatchObject({ enrolled: false, dateOfEnrollment: enrolledAt });
    await w.advanceDays(1);
    expect(await put({ enrolled: true })).toMatchObject({
      active: true,
      dateOfEnrollment: w.t.clock.now().toISOString(),
    });
  });
});

describe('custom alerts on edit', () => {
  const stored = async (id: string) => {
    const [row] = await db()
      .select({ customAlerts: patients.customAlerts })
      .from(patients)
      .where(eq(patients.id, id));
    return row!.customAlerts;
  };

  it("stores the clinic's own thresholds as none, so the patient keeps following the clinic", async () => {
    const id = await addPatient(w, 'northStaff', patientBody());
    const shown = (await view(id)).customAlerts;
    const res = await w.as('northStaff').put(`/api/pacients/${id}`, editBody({ customAlerts: shown }));
    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toBeNull();

    const lowBpOff = shown.map((a) => (a.key === 'lowBP' ? { ...a, status: 'off' as const } : a));
    const changed = await w.as('northStaff').put(`/api/pacients/${id}`, editBody({ customAlerts: lowBpOff }));
    expect(changed.statusCode).toBe(200);
    expect((await stored(id))?.find((a) => a.key === 'lowBP')?.status).toBe('off');
  });
});

describe('the MR within a clinic', () => {
  it('is one patient’s: a second patient with it is 409 under the field, any case; another clinic may use it', async () => {
    const first = await addPatient(w, 'northStaff', patientBody({ mr: 'MR-5150' }));
    const before = (await db().select({ id: patients.id }).from(patients)).length;
    const again = await w.as('northStaff').post('/api/pacients', patientBody({ mr: ' mr-5150 ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: patientErrorMessages.mrTaken,
      fields: { mr: patientErrorMessages.mrTaken },
    });
    expect((await db().select({ id: patients.id }).from(patients)).length).toBe(before);

    const other = await addPatient(w, 'northStaff', patientBody({ mr: 'MR-5151' }));
    const taking = await w.as('northStaff').put(`/api/pacients/${other}`, editBody({ mr: 'MR-5150' }));
    expect(taking.statusCode).toBe(409);
    // Its own MR, kept or written in another case, is no conflict.
    expect(
      (await w.as('northStaff').put(`/api/pacients/${first}`, editBody({ mr: 'mr-5150' }))).statusCode,
    ).toBe(200);
    const south = await w.as('southPhysician').post('/api/pacients', southPatientBody({ mr: 'MR-5150' }));
    expect(south.statusCode, south.body).toBe(201);
  });
});

describe('audit of changes', () => {
  it('a save that changes nothing says so, on another day and with the care team named twice', async () => {
    const body = editBody({
      firstName: 'Same',
      address: { address: '1 Main St', apt: '', city: 'Portland', state: 'OR', zip: '97201' },
      phones: [{ number: '555-123-4567', type: 'Cell', notes: 'evenings' }],
      preferences: {
        textConsent: 'Yes',
        emailConsent: 'Yes',
        monthlyReportConsent: 'Yes',
        remindersConsent: 'Yes',
        numberDailyReminders: 2,
        reminderTimes: ['8:00 AM', '6:30 PM'],
        dailyRemindersConsent: 'Yes',
        daysToTextReminders: [],
      },
    } as Partial<PatientFormInput>);
    const id = await addPatient(w, 'northStaff', { ...body, connectDevices: 'No' });
    expect((await w.as('northStaff').put(`/api/pacients/${id}`, body)).statusCode).toBe(200);
    await w.advanceDays(1);
    const again = { ...body, careTeam: [ids.northStaff, ids.northStaff] };
    expect((await w.as('northStaff').put(`/api/pacients/${id}`, again)).statusCode).toBe(200);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, id), eq(auditEvents.action, 'patient.updated')));
    expect(events.map((e) => [(e.details as { message: string }).message, e.details])).toEqual(
      events.map(() => [
        'Saved the patient form without changes',
        expect.objectContaining({ before: {}, after: {} }),
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('takes blanks the form sends where the record has nothing (a seeded patient) as no change', async () => {
    const body = editBody({ firstName: 'Seeded' });
    const id = await addPatient(w, 'northStaff', { ...body, connectDevices: 'No' });
    // As the seed stores a patient: no empty strings, no empty lists, nulls for what is not there.
    const stripped = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value, (_k, v) => (v === '' || (Array.isArray(v) && !v.length) ? undefined : v)),
      );
    const [row] = await db().select().from(patients).where(eq(patients.id, id));
    await db()
      .update(patients)
      .set({
        address: stripped(row!.address),
        preferences: stripped(row!.preferences),
        phones: stripped(row!.phones),
      })
      .where(eq(patients.id, id));
    expect((await w.as('northStaff').put(`/api/pacients/${id}`, body)).statusCode).toBe(200);
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, id), eq(auditEvents.action, 'patient.updated')));
    expect((event!.details as { message: string }).message).toBe('Saved the patient form without changes');
  });

  it('records only the fields that changed, before and after', async () => {
    const id = await addPatient(w, 'northStaff', patientBody({ firstName: 'Ann' }));
    await w
      .as('northPhysician')
      .put(`/api/pacients/${id}`, editBody({ firstName: 'Anne', careTeam: [ids.northStaff2] }));
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, id), eq(auditEvents.action, 'patient.updated')));
    expect(event).toMatchObject({
      actorUserId: ids.northPhysician,
      clinicId: ids.north,
      details: {
        before: { firstName: 'Ann', careTeam: [ids.northStaff] },
        after: { firstName: 'Anne', careTeam: [ids.northStaff2] },
      },
    });
  });
});
