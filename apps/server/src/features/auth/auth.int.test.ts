import { authLimits, authMessages, messages } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clinics, sessions, users } from '../../db/schema/index.js';
import { demoIds, demoPassword } from '../../db/seed/demo.js';
import { asUser, createTestApp, onPostgres, outboxFor, signIn, type TestApp } from '../../test/test-app.js';
import { recoverAnswerMs } from './auth.service.js';
import { hashPassword } from './secrets.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minute = 60_000;
const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: payload as object });
const db = () => t.app.vigil.database.db;
const auditActions = async (userId: string) =>
  (await db().select().from(auditEvents).where(eq(auditEvents.actorUserId, userId))).map((e) => e.action);

describe('POST /api/auth', () => {
  it.each([
    ['admin@circle.demo', 'CIRCLE', 'CARE_NAVIGATOR', 'ADMIN', null],
    ['navigator@circle.demo', 'CIRCLE', 'CARE_NAVIGATOR', 'USER', null],
    ['physician@sunrise.demo', 'CLINIC', 'PHYSICIAN', 'ADMIN', 'Sunrise Cardiology'],
    ['staff@sunrise.demo', 'CLINIC', 'STAFF', 'USER', 'Sunrise Cardiology'],
    ['physician@harbor.demo', 'CLINIC', 'PHYSICIAN', 'ADMIN', 'Harbor Family Medicine'],
  ])('signs in %s with a token and the user', async (email, portal, type, access, clinicName) => {
    const res = await login({ email, password: demoPassword });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      email,
      role: { portal, type, access },
      clinicName,
      isTemporaryPassword: false,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrongPassword = await login({ email: 'staff@sunrise.demo', password: 'Wrong!Pass1' });
    const unknownEmail = await login({ email: 'nobody@sunrise.demo', password: 'Wrong!Pass1' });
    expect(wrongPassword.statusCode).toBe(404);
    expect(unknownEmail.statusCode).toBe(404);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe(authMessages.invalidCredentials);
  });

  it('answers the spec messages for missing and malformed fields', async () => {
    const res = await login({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: messages.emailMustBeValid, password: messages.required });
  });

  it('locks the account for 15 minutes after 5 failures in a row, and says so only to its password', async () => {
    const email = 'physician@harbor.demo';
    for (let i = 0; i < 5; i++)
      expect((await login({ email, password: 'Wrong!Pass1' })).statusCode).toBe(404);
    // A wrong password is answered as an unknown email is: the lock does not tell that the account exists.
    const guess = await login({ email, password: 'Wrong!Pass2' });
    expect(guess.statusCode).toBe(404);
    expect(guess.json()).toEqual(
      (await login({ email: 'nobody@harbor.demo', password: 'Wrong!Pass2' })).json(),
    );

    const whileLocked = await login({ email, password: demoPassword });
    expect(whileLocked.statusCode).toBe(423);
    expect(whileLocked.json().message).toBe(authMessages.accountLocked);
    expect(Number(whileLocked.headers['retry-after'])).toBeGreaterThan(890);

    t.clock.advance(15 * minute + 1000);
    expect((await login({ email, password: demoPassword })).statusCode).toBe(200);
    expect(await auditActions(demoIds.physicianHarbor)).toEqual(
      expect.arrayContaining(['auth.sign-in-failed', 'auth.lockout', 'auth.sign-in']),
    );
  });

  // PGlite runs one statement at a time, so attempts cannot overlap there.
  it.runIf(onPostgres)(
    'counts attempts at the same moment one after another: the fifth locks the account and none passes it (PostgreSQL only)',
    async () => {
      const email = 'physician@sunrise.demo';
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => login({ email, password: 'Wrong!Pass1' })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(404));
      expect((await login({ email, password: demoPassword })).statusCode).toBe(423);
      t.clock.advance(15 * minute + 1000);
      expect((await login({ email, password: demoPassword })).statusCode).toBe(200);
    },
  );

  it('resets the failure count after a successful sign-in', async () => {
    const email = 'navigator@circle.demo';
    for (let i = 0; i < 4; i++) await login({ email, password: 'Wrong!Pass1' });
    expect((await login({ email, password: demoPassword })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login({ email, password: 'Wrong!Pass1' })).statusCode).toBe(404);
  });

  it('refuses a deactivated user and a user of an inactive clinic, even with the right password', async () => {
    await db().update(users).set({ isDeactivated: true }).where(eq(users.id, demoIds.staffSunrise));
    const deactivated = await login({ email: 'staff@sunrise.demo', password: demoPassword });
    expect(deactivated.statusCode).toBe(403);
    expect(deactivated.json().message).toBe(authMessages.accountDeactivated);
    await db().update(users).set({ isDeactivated: false }).where(eq(users.id, demoIds.staffSunrise));

    await db().update(clinics).set({ active: false }).where(eq(clinics.id, demoIds.harbor));
    const inactiveClinic = await login({ email: 'physician@harbor.demo', password: demoPassword });
    expect(inactiveClinic.statusCode).toBe(403);
    expect(inactiveClinic.json().message).toBe(authMessages.clinicInactive);
    await db().update(clinics).set({ active: true }).where(eq(clinics.id, demoIds.harbor));
  });
});

describe('two-factor sign-in by SMS', () => {
  const email = 'twofactor@sunrise.demo';
  const phone = '+15035550142';
  const latestCode = async () => {
    const [sms] = await outboxFor(t.app, phone);
    return sms?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
  };

  it('asks for a code, texts it, and signs in with it', async () => {
    const first = await login({ email, password: demoPassword });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      pendingVerificationCode: true,
      message: authMessages.verificationCodeSent,
    });
    expect(first.json()).not.toHaveProperty('token');
    const code = await latestCode();
    expect(code).toMatch(/^\d{6}$/);

    const second = await login({ email, password: demoPassword, verificationCode: code });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.email).toBe(email);
    // A code works once.
    expect((await login({ email, password: demoPassword, verificationCode: code })).statusCode).toBe(400);
  });

  it('texts the code in the E.164 form Twilio takes, however the phone was typed', async () => {
    await db().update(users).set({ phone: '(503) 555-0142' }).where(eq(users.email, email));
    const before = (await outboxFor(t.app, phone)).length;
    expect((await login({ email, password: demoPassword })).json().pendingVerificationCode).toBe(true);
    expect(await outboxFor(t.app, phone)).toHaveLength(before + 1);
    await db().update(users).set({ phone }).where(eq(users.email, email));
  });

  it('counts wrong codes as failed sign-ins: the fifth in a row locks the account', async () => {
    await db().update(users).set({ failedLoginCount: 0 }).where(eq(users.email, email));
    await login({ email, password: demoPassword });
    const code = await latestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await login({ email, password: demoPassword, verificationCode: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(authMessages.invalidVerificationCode);
    }
    const fifth = await login({ email, password: demoPassword, verificationCode: wrong });
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().message).toBe(authMessages.accountLocked);
    expect((await login({ email, password: demoPassword, verificationCode: code })).statusCode).toBe(423);
    expect((await login({ email, password: demoPassword })).statusCode).toBe(423);
    t.clock.advance(15 * minute + 1000);
  });

  it('rejects a code older than 10 minutes', async () => {
    await login({ email, password: demoPassword });
    const code = await latestCode();
    t.clock.advance(10 * minute + 1000);
    expect((await login({ email, password: demoPassword, verificationCode: code })).statusCode).toBe(400);
  });

  it('never accepts a code without the right password', async () => {
    await login({ email, password: demoPassword });
    const code = await latestCode();
    expect((await login({ email, password: 'Wrong!Pass1', verificationCode: code })).statusCode).toBe(404);
  });

  it(`texts at most ${authLimits.verificationCodesPerHour} codes an hour`, async () => {
    t.clock.advance(61 * minute);
    for (let i = 0; i < authLimits.verificationCodesPerHour; i++)
      expect((await login({ email, password: demoPassword })).json().pendingVerificationCode).toBe(true);
    const texted = (await outboxFor(t.app, phone)).length;
    const refused = await login({ email, password: demoPassword });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(authMessages.tooManyVerificationCodes);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(await outboxFor(t.app, phone)).toHaveLength(texted);
    // The newest code still signs in; an hour on, codes are texted again.
    expect(
      (await login({ email, password: demoPassword, verificationCode: await latestCode() })).statusCode,
    ).toBe(200);
    t.clock.advance(61 * minute);
    expect((await login({ email, password: demoPassword })).json().pendingVerificationCode).toBe(true);
  });
});

describe('sessions', () => {
  it('needs a bearer token on signed-in routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await asUser(t.app, 'not-a-real-token').get('/api/auth/me')).statusCode).toBe(401);
  });

  it('ends the session at sign-out', async () => {
    const token = await signIn(t.app, 'staff@sunrise.demo');
    expect((await asUser(t.app, token).get('/api/auth/me')).json().data.email).toBe('staff@sunrise.demo');
    expect((await asUser(t.app, token).post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(401);
    expect(await auditActions(demoIds.staffSunrise)).toContain('auth.sign-out');
  });

  it('ends the session after 30 minutes without a request, and not before', async () => {
    const token = await signIn(t.app, 'staff@sunrise.demo');
    t.clock.advance(29 * minute);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(200);
    t.clock.advance(29 * minute);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(200);
    t.clock.advance(30 * minute + 1000);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refreshes the last-seen time at most every 30 seconds, and a request within them still counts', async () => {
    const token = await signIn(t.app, 'staff@sunrise.demo');
    const lastSeen = async () =>
      (await db().select().from(sessions).where(eq(sessions.userId, demoIds.staffSunrise))).reduce(
        (latest, s) => Math.max(latest, s.lastSeenAt.getTime()),
        0,
      );
    const signedInAt = await lastSeen();
    t.clock.advance(20_000);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    t.clock.advance(15_000);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedInAt + 35_000);
    // Idle since the refresh: 30 minutes and a second after it, the session is over.
    t.clock.advance(30 * minute + 1000);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('ends the session when the user or their clinic is deactivated', async () => {
    const staff = await signIn(t.app, 'staff@sunrise.demo');
    await db().update(users).set({ isDeactivated: true }).where(eq(users.id, demoIds.staffSunrise));
    expect((await asUser(t.app, staff).get('/api/auth/me')).statusCode).toBe(401);
    await db().update(users).set({ isDeactivated: false }).where(eq(users.id, demoIds.staffSunrise));
    // Reactivation restores sign-in, not the ended session.
    expect((await asUser(t.app, staff).get('/api/auth/me')).statusCode).toBe(401);

    const harbor = await signIn(t.app, 'physician@harbor.demo');
    await db().update(clinics).set({ active: false }).where(eq(clinics.id, demoIds.harbor));
    expect((await asUser(t.app, harbor).get('/api/auth/me')).statusCode).toBe(401);
    await db().update(clinics).set({ active: true }).where(eq(clinics.id, demoIds.harbor));
  });
});

describe('recover and set password', () => {
  const linkOf = (body: string) => {
    const url = new URL(body.match(/https?:\/\/\S+/)![0]);
    return { token: url.searchParams.get('token')!, id: url.searchParams.get('id')!, path: url.pathname };
  };
  const setPassword = (link: { token: string; id: string }, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: link.token, id: link.id, password },
    });

  it('answers the same for a known and an unknown email, neither before the answer time', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });
      return { res, ms: performance.now() - started };
    };
    const known = await timed('staff@sunrise.demo');
    const unknown = await timed('ghost@x.demo');
    expect(known.res.statusCode).toBe(200);
    expect(known.res.json()).toEqual(unknown.res.json());
    // A lower bound only: the time a reset link takes must not tell which emails have accounts.
    expect(Math.min(known.ms, unknown.ms)).toBeGreaterThanOrEqual(recoverAnswerMs - 1);
    expect(await outboxFor(t.app, 'ghost@x.demo')).toHaveLength(0);
  });

  it('emails a single-use link that sets the password', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: 'navigator@circle.demo' },
    });
    const [mail] = await outboxFor(t.app, 'navigator@circle.demo');
    const link = linkOf(mail!.body);
    expect(link.path).toBe('/auth/set-password');
    expect(link.id).toBe(demoIds.navigatorCircle);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { ...link, path: undefined, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe(messages.passwordMin8);
    const noUpper = await setPassword(link, 'longenough!');
    expect(noUpper.json().fields.password).toBe(messages.passwordRule);

    const set = await setPassword(link, 'Fresh!Pass2');
    expect(set.statusCode).toBe(200);
    expect((await login({ email: 'navigator@circle.demo', password: 'Fresh!Pass2' })).statusCode).toBe(200);
    expect((await login({ email: 'navigator@circle.demo', password: demoPassword })).statusCode).toBe(404);

    const again = await setPassword(link, 'Other!Pass3');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(authMessages.invalidResetLink);
    expect(await auditActions(demoIds.navigatorCircle)).toEqual(
      expect.arrayContaining(['auth.reset-requested', 'auth.password-reset']),
    );
  });

  it('spends a reset link when the account’s email changes', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: 'staff@sunrise.demo' },
    });
    const link = linkOf((await outboxFor(t.app, 'staff@sunrise.demo'))[0]!.body);
    const admin = asUser(t.app, await signIn(t.app, 'admin@circle.demo'));
    const moved = await admin.put(`/api/users/${demoIds.staffSunrise}`, { email: 'sam.moved@sunrise.demo' });
    expect(moved.statusCode).toBe(200);
    const res = await setPassword(link, 'Fresh!Pass2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(authMessages.invalidResetLink);
    await admin.put(`/api/users/${demoIds.staffSunrise}`, { email: 'staff@sunrise.demo' });
  });

  it('refuses a reset link after one hour', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: 'admin@circle.demo' } });
    const link = linkOf((await outboxFor(t.app, 'admin@circle.demo'))[0]!.body);
    t.clock.advance(61 * minute);
    const res = await setPassword(link, 'Fresh!Pass2');
    expect(res.statusCode).toBe(400);
  });

  it('answers the clinic name of a user for the welcome text', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/clinic-info/${demoIds.physicianSunrise}`,
    });
    expect(res.json()).toEqual({ data: { clinic_name: 'Sunrise Cardiology' } });
    const circle = await t.app.inject({ method: 'GET', url: `/api/auth/clinic-info/${demoIds.adminCircle}` });
    expect(circle.json()).toEqual({ data: { clinic_name: null } });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/clinic-info/not-a-uuid' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('temporary passwords', () => {
  it('answers a set-password token instead of a session, and the new password then works', async () => {
    await db().update(users).set({ isTemporaryPassword: true }).where(eq(users.id, demoIds.physicianSunrise));
    const res = await login({ email: 'physician@sunrise.demo', password: demoPassword });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user.isTemporaryPassword).toBe(true);
    expect((await asUser(t.app, token).get('/api/auth/me')).statusCode).toBe(401);

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, id: user.userId, password: 'Chosen!Pass4' },
    });
    expect(set.statusCode).toBe(200);
    const after = await login({ email: 'physician@sunrise.demo', password: 'Chosen!Pass4' });
    expect(after.json().user.isTemporaryPassword).toBe(false);
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword(demoPassword) })
      .where(eq(users.id, demoIds.physicianSunrise));
  });
});

describe('POST /api/auth/change-password', () => {
  it('checks the current password, then changes it', async () => {
    const token = await signIn(t.app, 'admin@circle.demo');
    const wrong = await asUser(t.app, token).post('/api/auth/change-password', {
      currentPassword: 'Wrong!Pass1',
      newPassword: 'Newer!Pass5',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(authMessages.wrongCurrentPassword);

    const weak = await asUser(t.app, token).post('/api/auth/change-password', {
      currentPassword: demoPassword,
      newPassword: 'NOLOWER!1',
    });
    expect(weak.json().fields.newPassword).toBe(messages.passwordRule);

    const ok = await asUser(t.app, token).post('/api/auth/change-password', {
      currentPassword: demoPassword,
      newPassword: 'Newer!Pass5',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe('admin@circle.demo');
    expect((await login({ email: 'admin@circle.demo', password: 'Newer!Pass5' })).statusCode).toBe(200);
    expect(await auditActions(demoIds.adminCircle)).toContain('auth.password-changed');
  });

  it('counts wrong current passwords toward the lock of sign-in, which then refuses the change too', async () => {
    const token = await signIn(t.app, 'physician@harbor.demo');
    const change = (currentPassword: string) =>
      asUser(t.app, token).post('/api/auth/change-password', { currentPassword, newPassword: 'Newer!Pass5' });
    try {
      for (let i = 1; i <= authLimits.lockoutFailures; i++) {
        const wrong = await change(`Guess!Pass${i}`);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().message).toBe(authMessages.wrongCurrentPassword);
      }
      const locked = await change(demoPassword);
      expect(locked.statusCode).toBe(423);
      expect(locked.json().message).toBe(authMessages.accountLocked);
      expect((await login({ email: 'physician@harbor.demo', password: demoPassword })).statusCode).toBe(423);
      expect(await auditActions(demoIds.physicianHarbor)).toEqual(
        expect.arrayContaining(['auth.password-change-failed', 'auth.lockout']),
      );
    } finally {
      await db()
        .update(users)
        .set({ lockedUntil: null, failedLoginCount: 0 })
        .where(eq(users.id, demoIds.physicianHarbor));
    }
  });
});
