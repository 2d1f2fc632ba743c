import { defaultCustomAlerts, errorMessages, messages } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, patientCareTeam, patients, users } from '../../db/schema/index.js';
import { demoIds, demoPassword } from '../../db/seed/demo.js';
import { multipartFile, tinyJpeg, tinyPng } from '../../test/multipart.js';
import { whileRefusing, whileSlowing } from '../../test/refuse-writes.js';
import { asUser, createTestApp, onPostgres, outboxFor, signIn, type TestApp } from '../../test/test-app.js';
import { clinicBody } from '../clinics/clinic-fixtures.js';
import { newUserBody } from './user-fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const roles = {
  circleAdmin: 'admin@circle.demo',
  navigator: 'navigator@circle.demo',
  sunriseAdmin: 'physician@sunrise.demo',
  sunriseStaff: 'staff@sunrise.demo',
  harborAdmin: 'physician@harbor.demo',
} as const;
type Who = keyof typeof roles | 'anonymous';

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email] of Object.entries(roles)) tokens[who] = await signIn(t.app, email);
});
afterAll(() => t.close());

const as = (who: Who) => asUser(t.app, who === 'anonymous' ? 'none' : tokens[who]!);
const db = () => t.app.vigil.database.db;

describe('permission matrix: users and clinics routes', () => {
  type Row = [string, (who: Who) => Promise<{ statusCode: number }>, Record<Who, number>];
  const rows: Row[] = [
    [
      'GET /users',
      (w) => as(w).get('/api/users'),
      {
        circleAdmin: 200,
        navigator: 200,
        sunriseAdmin: 200,
        sunriseStaff: 403,
        harborAdmin: 200,
        anonymous: 401,
      },
    ],
    [
      'GET /clinics?withUsers=1',
      (w) => as(w).get('/api/clinics?withUsers=1'),
      {
        circleAdmin: 200,
        navigator: 200,
        sunriseAdmin: 200,
        sunriseStaff: 403,
        harborAdmin: 200,
        anonymous: 401,
      },
    ],
    [
      'GET /users?clinicId=sunrise',
      (w) => as(w).get(`/api/users?clinicId=${demoIds.sunrise}`),
      {
        circleAdmin: 200,
        navigator: 200,
        sunriseAdmin: 200,
        sunriseStaff: 403,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'GET /users/{sunrise staff}',
      (w) => as(w).get(`/api/users/${demoIds.staffSunrise}`),
      {
        circleAdmin: 200,
        navigator: 200,
        sunriseAdmin: 200,
        sunriseStaff: 200,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'GET /users/{sunrise physician}',
      (w) => as(w).get(`/api/users/${demoIds.physicianSunrise}`),
      {
        circleAdmin: 200,
        navigator: 200,
        sunriseAdmin: 200,
        sunriseStaff: 403,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'PUT /users/{sunrise staff}',
      (w) => as(w).put(`/api/users/${demoIds.staffSunrise}`, { firstName: 'Sam' }),
      {
        circleAdmin: 200,
        navigator: 403,
        sunriseAdmin: 200,
        sunriseStaff: 200,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'POST /users in Sunrise',
      (w) => as(w).post('/api/users', newUserBody()),
      {
        circleAdmin: 201,
        navigator: 403,
        sunriseAdmin: 201,
        sunriseStaff: 403,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'PATCH /users/{deactivated}/change-active-status',
      (w) =>
        as(w).patch(`/api/users/${demoIds.deactivatedSunrise}/change-active-status`, { activeStatus: false }),
      {
        circleAdmin: 200,
        navigator: 403,
        sunriseAdmin: 200,
        sunriseStaff: 403,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'GET /users/autoPasswordGeneration',
      (w) => as(w).get('/api/users/autoPasswordGeneration'),
      {
        circleAdmin: 200,
        navigator: 403,
        sunriseAdmin: 200,
        sunriseStaff: 403,
        harborAdmin: 200,
        anonymous: 401,
      },
    ],
    [
      'GET /clinics',
      (w) => as(w).get('/api/clinics'),
      {
        circleAdmin: 200,
        navigator: 200,
        sunriseAdmin: 200,
        sunriseStaff: 200,
        harborAdmin: 200,
        anonymous: 401,
      },
    ],
    [
      'GET /clinics/{sunrise}',
      (w) => as(w).get(`/api/clinics/${demoIds.sunrise}`),
      {
        circleAdmin: 200,
        navigator: 200,
        sunriseAdmin: 200,
        sunriseStaff: 200,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'PUT /clinics/{sunrise}',
      (w) =>
        as(w).put(`/api/clinics/${demoIds.sunrise}`, {
          address: '1420 NW Lovejoy St, Suite 300, Portland, OR 97209',
        }),
      {
        circleAdmin: 200,
        navigator: 403,
        sunriseAdmin: 200,
        sunriseStaff: 403,
        harborAdmin: 404,
        anonymous: 401,
      },
    ],
    [
      'POST /clinics',
      (w) =>
        as(w).post('/api/clinics', {
          clinic_name: 'x',
          clinic_slug: 'x',
          clinic_area_code: '1',
          clinic_address: 'x',
          clinic_admin_first_name: 'x',
          clinic_admin_last_name: 'x',
          clinic_admin_phone: 'x',
          clinic_admin_email: 'x',
        }),
      {
        circleAdmin: 400,
        navigator: 400,
        sunriseAdmin: 400,
        sunriseStaff: 400,
        harborAdmin: 400,
        anonymous: 401,
      },
    ],
  ];
  const whos: Who[] = [
    'circleAdmin',
    'navigator',
    'sunriseAdmin',
    'sunriseStaff',
    'harborAdmin',
    'anonymous',
  ];
  for (const [name, call, expected] of rows) {
    it.each(whos)(`${name} as %s`, async (who) => {
      expect((await call(who)).statusCode).toBe(expected[who]);
    });
  }

  it.each(['navigator', 'sunriseAdmin', 'sunriseStaff', 'harborAdmin'] as const)(
    'POST /clinics with a valid body as %s is forbidden',
    async (who) => {
      const res = await as(who).post('/api/clinics', clinicBody('forbidden-try'));
      expect(res.statusCode).toBe(403);
    },
  );

  it('shows a clinic user only their own clinic, and an operator every clinic sorted by name', async () => {
    const own = (await as('sunriseStaff').get('/api/clinics')).json().data;
    expect(own.map((c: { name: string }) => c.name)).toEqual(['Sunrise Cardiology']);
    const all = (await as('navigator').get('/api/clinics')).json().data.map((c: { name: string }) => c.name);
    expect(all).toEqual(
      [...all].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(all).toEqual(expect.arrayContaining(['Harbor Family Medicine', 'Lakeside Internal Medicine']));
    const active = (await as('navigator').get('/api/clinics?active=1'))
      .json()
      .data.map((c: { name: string }) => c.name);
    expect(active).not.toContain('Lakeside Internal Medicine');
  });

  it('answers a malformed id with 404, as it answers an unknown one', async () => {
    for (const url of [
      '/api/users/not-a-uuid',
      '/api/clinics/not-a-uuid',
      '/api/users?clinicId=not-a-uuid',
    ]) {
      expect((await as('circleAdmin').get(url)).statusCode).toBe(404);
    }
  });

  it('counts the clinic patients from the database, as the lists filter them (DESIGN 4)', async () => {
    const [clinic] = (await as('sunriseAdmin').get('/api/clinics')).json().data;
    const rows = await db().select().from(patients).where(eq(patients.clinicId, demoIds.sunrise));
    const navigated = new Set(
      (await db().select().from(patientCareTeam).where(eq(patientCareTeam.role, 'CARE_NAVIGATOR'))).map(
        (r) => r.patientId,
      ),
    );
    expect(clinic).toMatchObject({
      activePatients: rows.filter((p) => p.active && p.enrolled).length,
      inactivePatients: rows.filter((p) => !(p.active && p.enrolled)).length,
      unassignedPatients: rows.filter((p) => !navigated.has(p.id)).length,
    });
  });

  it('lists a clinic users without the signed-in user, with the deactivated one', async () => {
    const list = (await as('sunriseAdmin').get('/api/users')).json().data as Array<{
      email: string;
      isDeactivated: boolean;
    }>;
    const emails = list.map((u) => u.email);
    expect(emails).not.toContain('physician@sunrise.demo');
    expect(emails).toEqual(expect.arrayContaining(['staff@sunrise.demo', 'former@sunrise.demo']));
    expect(emails.every((e) => e.endsWith('@sunrise.demo'))).toBe(true);
    const operators = (await as('circleAdmin').get('/api/users')).json().data as Array<{
      role: { portal: string };
    }>;
    expect(operators.every((u) => u.role.portal === 'CIRCLE')).toBe(true);
  });
});

describe('creating users', () => {
  it('emails a 72-hour set-password link to an account created without a temporary password', async () => {
    const body = newUserBody();
    const res = await as('sunriseAdmin').post('/api/users', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email: body.email,
      clinicId: demoIds.sunrise,
      isTemporaryPassword: false,
    });
    const [mail] = await outboxFor(t.app, body.email);
    expect(mail!.body).toContain('Sunrise Cardiology');
    expect(mail!.body).toMatch(/\/auth\/set-password\?token=[^&]+&id=[0-9a-f-]{36}&type=new/);
  });

  it('spends the link sent to a mistyped address when the admin corrects it, and sends a new one there', async () => {
    const body = newUserBody({ email: 'typo@wrong-domain.example' });
    const id = (await as('sunriseAdmin').post('/api/users', body)).json().data._id as string;
    const [sent] = await outboxFor(t.app, 'typo@wrong-domain.example');
    const link = (url: string) => {
      const found = new URL(/https?:\/\/\S+/.exec(url)![0]);
      return { token: found.searchParams.get('token'), id: found.searchParams.get('id') };
    };
    const fixed = await as('sunriseAdmin').put(`/api/users/${id}`, { email: 'typo@right-domain.example' });
    expect(fixed.statusCode).toBe(200);
    const setPassword = (token: ReturnType<typeof link>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { ...token, password: 'Hijack!123' },
      });
    const stale = await setPassword(link(sent!.body));
    expect(stale.statusCode).toBe(400);
    const [resent, ...more] = await outboxFor(t.app, 'typo@right-domain.example');
    expect(more).toEqual([]);
    expect(resent!.body).toContain('&type=new');
    expect((await setPassword(link(resent!.body))).statusCode).toBe(200);
    // An account whose password is set gets no new link when its address changes.
    await as('sunriseAdmin').put(`/api/users/${id}`, { email: 'typo@third-domain.example' });
    expect(await outboxFor(t.app, 'typo@third-domain.example')).toEqual([]);
  });

  it('creates an account with a temporary password that must be replaced at first sign-in', async () => {
    const body = newUserBody({ password: 'Temp!pass9' });
    const created = await as('sunriseAdmin').post('/api/users', body);
    expect(created.json().data.isTemporaryPassword).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: body.email, password: 'Temp!pass9' },
    });
    expect(login.json().user.isTemporaryPassword).toBe(true);
  });

  it('keeps a clinic admin in their own clinic, whatever the body says', async () => {
    const res = await as('harborAdmin').post(
      '/api/users',
      newUserBody({ clinicId: demoIds.harbor, role: { portal: 'CIRCLE' }, clinicalRole: 'STAFF' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ clinicId: demoIds.harbor, role: { portal: 'CLINIC' } });
  });

  it('refuses a care navigator in a clinic: they belong to the operator portal', async () => {
    const before = (await db().select().from(users)).length;
    const res = await as('sunriseAdmin').post('/api/users', newUserBody({ clinicalRole: 'CARE_NAVIGATOR' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ clinicalRole: messages.careNavigatorPortal });
    const edit = await as('sunriseAdmin').put(`/api/users/${demoIds.staffSunrise}`, {
      clinicalRole: 'CARE_NAVIGATOR',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ clinicalRole: messages.careNavigatorPortal });
    expect((await db().select().from(users)).length).toBe(before);
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    const res = await as('circleAdmin').post('/api/users', newUserBody({ email: 'STAFF@sunrise.demo' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(errorMessages.emailTaken);
  });

  it('answers 409, not 500, when the database refuses a duplicate that slipped past the check (a lost race)', async () => {
    // The other request's insert commits between this one's check and its insert: the unique index refuses
    // it, as the database does here.
    const before = (await db().select().from(users)).length;
    const res = await whileRefusing(
      db(),
      { table: 'users', operation: 'insert', errcode: 'unique_violation' },
      () => as('sunriseAdmin').post('/api/users', newUserBody()),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.savedAtTheSameTime, code: 'CONFLICT' });
    expect((await db().select().from(users)).length).toBe(before);
  });

  it.each([
    [{ firstName: '' }, 'firstName', messages.required],
    [{ phone: '12' }, 'phone', messages.invalidPhone],
    [{ email: 'nope' }, 'email', messages.invalidEmail],
    [{ clinicalRole: undefined }, 'clinicalRole', messages.required],
    [{ password: 'short' }, 'password', messages.temporaryPasswordRule],
  ])('answers %o with the field message and creates nothing', async (overrides, field, message) => {
    const before = (await db().select().from(users)).length;
    const res = await as('sunriseAdmin').post('/api/users', newUserBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect((await db().select().from(users)).length).toBe(before);
  });

  it('generates temporary passwords that satisfy the manual rule', async () => {
    for (let i = 0; i < 5; i++) {
      const { password } = (await as('sunriseAdmin').get('/api/users/autoPasswordGeneration')).json();
      expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*[^A-Za-z0-9]).{8,20}$/);
    }
  });
});

describe('updating users', () => {
  it('lets only an admin change the admin flag, and never their own', async () => {
    const self = await as('sunriseAdmin').put(`/api/users/${demoIds.physicianSunrise}`, { admin: false });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(errorMessages.ownAdminFlag);
    const staffSelf = await as('sunriseStaff').put(`/api/users/${demoIds.staffSunrise}`, { admin: true });
    expect(staffSelf.statusCode).toBe(403);
    const byAdmin = await as('sunriseAdmin').put(`/api/users/${demoIds.staffSunrise}`, { admin: true });
    expect(byAdmin.json().data.admin).toBe(true);
    await as('sunriseAdmin').put(`/api/users/${demoIds.staffSunrise}`, { admin: false });
  });

  it('lets only an admin set two-factor', async () => {
    const res = await as('sunriseStaff').put(`/api/users/${demoIds.staffSunrise}`, { twoFactorType: 'sms' });
    expect(res.statusCode).toBe(403);
    const ok = await as('sunriseAdmin').put(`/api/users/${demoIds.staffSunrise}`, { twoFactorType: 'none' });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps an emergency protocol for physicians only', async () => {
    const staff = await as('sunriseAdmin').put(`/api/users/${demoIds.staffSunrise}`, {
      emergencyProtocol: 'x',
    });
    expect(staff.json().data.emergencyProtocol).toBeNull();
  });

  it('records who changed what, before and after', async () => {
    await as('sunriseAdmin').put(`/api/users/${demoIds.staffSunrise}`, { lastName: 'Delgado-Reyes' });
    const events = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, demoIds.staffSunrise));
    const event = events.find(
      (e) =>
        e.action === 'user.updated' &&
        (e.details as { after: Record<string, unknown> }).after.lastName === 'Delgado-Reyes',
    );
    expect(event).toMatchObject({
      actorUserId: demoIds.physicianSunrise,
      details: { before: { lastName: 'Delgado' } },
    });
    await as('sunriseAdmin').put(`/api/users/${demoIds.staffSunrise}`, { lastName: 'Delgado' });
  });

  // PGlite runs one statement at a time, so two edits cannot overlap there.
  it.runIf(onPostgres)(
    'keeps both of two edits of different fields made at the same moment, and records each truly (PostgreSQL only)',
    async () => {
      const user = (await as('sunriseAdmin').post('/api/users', newUserBody())).json().data;
      // The first edit holds its transaction open a moment after its write; the second arrives inside it.
      await whileSlowing(
        db(),
        { table: 'users', operation: 'update', when: "new.first_name = 'Renamed'", ms: 400 },
        async () => {
          const name = as('sunriseAdmin').put(`/api/users/${user._id}`, { firstName: 'Renamed' });
          await new Promise((r) => setTimeout(r, 100));
          const phone = as('sunriseAdmin').put(`/api/users/${user._id}`, { phone: '5035550111' });
          expect((await Promise.all([name, phone])).map((r) => r.statusCode)).toEqual([200, 200]);
        },
      );
      const stored = (await as('sunriseAdmin').get(`/api/users/${user._id}`)).json().data;
      expect(stored).toMatchObject({ firstName: 'Renamed', phone: '5035550111' });
      const edits = (await db().select().from(auditEvents).where(eq(auditEvents.entityId, user._id)))
        .filter((e) => e.action === 'user.updated')
        .map((e) => (e.details as { after: Record<string, unknown> }).after);
      expect(edits).toEqual([{ firstName: 'Renamed' }, { phone: '5035550111' }]);

      // Deactivating four times at once: one change, one event.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          as('sunriseAdmin').patch(`/api/users/${user._id}/change-active-status`, { activeStatus: false }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const deactivations = (
        await db().select().from(auditEvents).where(eq(auditEvents.entityId, user._id))
      ).filter((e) => e.action === 'user.deactivated');
      expect(deactivations).toHaveLength(1);
    },
  );

  it('refuses taking another user email with 409 and changes nothing', async () => {
    const res = await as('sunriseStaff').put(`/api/users/${demoIds.staffSunrise}`, {
      email: 'physician@sunrise.demo',
      firstName: 'Changed',
    });
    expect(res.statusCode).toBe(409);
    expect((await as('sunriseStaff').get(`/api/users/${demoIds.staffSunrise}`)).json().data.firstName).toBe(
      'Sam',
    );
  });

  it('answers bad bodies with 400 and the spec messages', async () => {
    const res = await as('sunriseStaff').put(`/api/users/${demoIds.staffSunrise}`, {
      phone: 'abc',
      email: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ phone: messages.invalidPhone, email: messages.invalidEmail });
  });
});

describe('activating and deactivating users', () => {
  it('ends the sessions of a deactivated user and stops their sign-in; reactivation restores it', async () => {
    const token = await signIn(t.app, 'nurse@sunrise.demo');
    const [nurse] = await db().select().from(users).where(eq(users.email, 'nurse@sunrise.demo'));
    const off = await as('sunriseAdmin').patch(`/api/users/${nurse!.id}/change-active-status`, {
      activeStatus: false,
    });
    expect(off.json().data.isDeactivated).toBe(true);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: 'nurse@sunrise.demo', password: demoPassword },
      });
    expect((await login()).statusCode).toBe(403);
    await as('sunriseAdmin').patch(`/api/users/${nurse!.id}/change-active-status`, { activeStatus: true });
    expect((await login()).statusCode).toBe(200);
  });

  it('does not let an admin deactivate themselves', async () => {
    const res = await as('sunriseAdmin').patch(
      `/api/users/${demoIds.physicianSunrise}/change-active-status`,
      { activeStatus: false },
    );
    expect(res.statusCode).toBe(403);
  });

  it('answers a malformed status with 400', async () => {
    const res = await as('sunriseAdmin').patch(`/api/users/${demoIds.staffSunrise}/change-active-status`, {
      activeStatus: 'no',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('clinics', () => {
  it('saves thresholds and returns them', async () => {
    const alerts = defaultCustomAlerts.map((a) =>
      a.key === 'lowBP' ? { ...a, status: 'off', values: { lowBP: '85' } } : a,
    );
    const res = await as('sunriseAdmin').put(`/api/clinics/${demoIds.sunrise}`, { customAlerts: alerts });
    expect(res.statusCode).toBe(200);
    const saved = (await as('sunriseStaff').get(`/api/clinics/${demoIds.sunrise}`)).json().data.customAlerts;
    expect(saved[3]).toMatchObject({ key: 'lowBP', status: 'off', values: { lowBP: '85' } });
  });

  it.runIf(onPostgres)(
    'keeps both of two clinic edits of different fields made at the same moment (PostgreSQL only)',
    async () => {
      const before = (await as('harborAdmin').get(`/api/clinics/${demoIds.harbor}`)).json().data;
      await whileSlowing(
        db(),
        { table: 'clinics', operation: 'update', when: "new.address = '9 Race Street'", ms: 400 },
        async () => {
          const address = as('harborAdmin').put(`/api/clinics/${demoIds.harbor}`, {
            address: '9 Race Street',
          });
          await new Promise((r) => setTimeout(r, 100));
          const thresholds = as('harborAdmin').put(`/api/clinics/${demoIds.harbor}`, {
            customAlerts: before.customAlerts.map((a: { key: string }) =>
              a.key === 'lowBP' ? { ...a, status: 'off' } : a,
            ),
          });
          expect((await Promise.all([address, thresholds])).map((r) => r.statusCode)).toEqual([200, 200]);
        },
      );
      const after = (await as('harborAdmin').get(`/api/clinics/${demoIds.harbor}`)).json().data;
      expect(after.address).toBe('9 Race Street');
      expect(after.customAlerts.find((a: { key: string }) => a.key === 'lowBP').status).toBe('off');
      await as('harborAdmin').put(`/api/clinics/${demoIds.harbor}`, {
        address: before.address,
        customAlerts: before.customAlerts,
      });
    },
  );

  it('refuses thresholds that are not 1 to 3 digits, and changes nothing', async () => {
    const alerts = defaultCustomAlerts.map((a) =>
      a.key === 'lowHR' ? { ...a, values: { lowHR: '1000' } } : a,
    );
    const res = await as('sunriseAdmin').put(`/api/clinics/${demoIds.sunrise}`, {
      customAlerts: alerts,
      name: 'Renamed',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.thresholdDigitsOnly);
    expect((await as('sunriseAdmin').get(`/api/clinics/${demoIds.sunrise}`)).json().data.name).toBe(
      'Sunrise Cardiology',
    );
  });

  it('answers a missing name with Required', async () => {
    const res = await as('sunriseAdmin').put(`/api/clinics/${demoIds.sunrise}`, { name: '  ' });
    expect(res.json().fields.name).toBe(messages.required);
  });

  it('deactivating a clinic ends its users sessions and stops their sign-in; activating restores it', async () => {
    const harborToken = await signIn(t.app, 'staff@harbor.demo');
    const off = await as('circleAdmin').put(`/api/clinics/${demoIds.harbor}`, { active: false });
    expect(off.json().data.active).toBe(false);
    expect((await asUser(t.app, harborToken).get('/api/auth/me')).statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: 'staff@harbor.demo', password: demoPassword },
      });
    expect((await login()).statusCode).toBe(403);
    await as('circleAdmin').put(`/api/clinics/${demoIds.harbor}`, { active: true });
    expect((await login()).statusCode).toBe(200);
    tokens.harborAdmin = await signIn(t.app, 'physician@harbor.demo');
  });

  it('creates a clinic with its admin, texting number and set-password email', async () => {
    const res = await as('circleAdmin').post('/api/clinics', clinicBody('rose-city'));
    expect(res.statusCode).toBe(201);
    const clinic = res.json().data;
    expect(clinic).toMatchObject({
      name: 'Clinic rose-city',
      slug: 'rose-city',
      active: true,
      admin: { email: 'admin@rose-city.demo' },
    });
    expect(clinic.twilioNumber).toMatch(/^\+1503\d{7}$/);
    expect(clinic.customAlerts).toHaveLength(10);
    const [mail] = await outboxFor(t.app, 'admin@rose-city.demo');
    expect(mail!.body).toContain('Clinic rose-city');
    const admins = (await as('circleAdmin').get(`/api/users?clinicId=${clinic.id}`)).json().data;
    expect(admins[0]).toMatchObject({
      role: { type: 'PHYSICIAN', access: 'ADMIN', portal: 'CLINIC' },
      emergencyProtocol: 'Call 911',
    });

    // The dashboard's admin contact is the admin's account as it is now.
    const changed = await as('circleAdmin').put(`/api/users/${admins[0]._id}`, {
      email: 'contact@rose-city.demo',
      phone: '(503) 555-0999',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await as('circleAdmin').get(`/api/clinics/${clinic.id}`)).json().data.admin).toEqual({
      email: 'contact@rose-city.demo',
      phone: '(503) 555-0999',
    });
  });

  it('refuses a taken slug and a taken admin email with 409, creating nothing', async () => {
    const before = (await as('circleAdmin').get('/api/clinics')).json().data.length;
    const slug = await as('circleAdmin').post(
      '/api/clinics',
      clinicBody('sunrise-cardiology', { clinic_admin_email: 'new@x.demo' }),
    );
    expect(slug.statusCode).toBe(409);
    expect(slug.json().fields.clinic_slug).toBe(errorMessages.slugTaken);
    const email = await as('circleAdmin').post(
      '/api/clinics',
      clinicBody('fresh-slug', { clinic_admin_email: 'staff@sunrise.demo' }),
    );
    expect(email.statusCode).toBe(409);
    expect((await as('circleAdmin').get('/api/clinics')).json().data.length).toBe(before);
  });

  it('answers the spec messages for a bad new-clinic form', async () => {
    const res = await as('circleAdmin').post(
      '/api/clinics',
      clinicBody('ab', { clinic_admin_email: 'bad', clinic_admin_phone: '1', clinic_name: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      clinic_name: messages.required,
      clinic_slug: messages.slugRule,
      clinic_admin_email: messages.invalidEmail,
      clinic_admin_phone: messages.invalidPhone,
    });
  });

  it('drops the emergency protocol of a staff admin', async () => {
    const res = await as('circleAdmin').post(
      '/api/clinics',
      clinicBody('staff-led', { clinic_admin_role: 'STAFF' }),
    );
    const [admin] = (await as('circleAdmin').get(`/api/users?clinicId=${res.json().data.id}`)).json().data;
    expect(admin).toMatchObject({ role: { type: 'STAFF' }, emergencyProtocol: null });
  });
});

describe('avatar upload', () => {
  const upload = (name: string, type: string, bytes: Buffer) => {
    const { payload, headers } = multipartFile('file', name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/account/avatar',
      payload,
      headers: { ...headers, authorization: `Bearer ${tokens.sunriseStaff}` },
    });
  };

  it.each([
    ['avatar.png', 'image/png', tinyPng],
    ['avatar.jpg', 'image/jpeg', tinyJpeg],
  ])('stores %s and serves it back from data.uploadedAt', async (name, type, bytes) => {
    const res = await upload(name, type, bytes);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.uploadedAt as string;
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    expect((await as('sunriseStaff').get('/api/auth/me')).json().data.avatar).toBe(url);
  });

  it('keeps the old picture when its audit event cannot be stored: the change and its event land together', async () => {
    const before = (await as('sunriseStaff').get('/api/auth/me')).json().data.avatar;
    const res = await whileRefusing(
      db(),
      { table: 'audit_events', operation: 'insert', when: "new.action = 'user.avatar-updated'" },
      () => upload('avatar.png', 'image/png', tinyPng),
    );
    expect(res.statusCode).toBe(500);
    expect((await as('sunriseStaff').get('/api/auth/me')).json().data.avatar).toBe(before);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'garbage'],
    [
      'cut short',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"',
    ],
  ])('answers a multipart body %s with 400, not 500', async (_, contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/account/avatar',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${tokens.sunriseStaff}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The upload could not be read', code: 'BAD_MULTIPART' });
  });

  it('refuses a text file renamed to .png', async () => {
    const res = await upload('avatar.png', 'image/png', Buffer.from('just some text, not an image'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(messages.imageType);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
  });

  it('answers a request without a file with 4xx', async () => {
    const res = await as('sunriseStaff').post('/api/users/account/avatar', {});
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
