import { setTimeout } from 'node:timers/promises';
import {
  AppError,
  authLimits,
  authMessages,
  type ChangePasswordRequest,
  errorMessages,
  type LoginRequest,
  type LoginResponse,
  type SessionUser,
  type SetPasswordRequest,
  toE164,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { toSessionUser } from '../users/user-view.js';
import { createUsersRepository, type UserWithClinic } from '../users/users.repository.js';
import { createAuthRepository } from './auth.repository.js';
import type { AuthUser } from './auth-user.js';
import {
  hashPassword,
  newOpaqueToken,
  newVerificationCode,
  sameHash,
  sha256,
  verifyPassword,
} from './secrets.js';

/** How long every answer to a reset request takes at least (see `recover`). */
export const recoverAnswerMs = 250;

const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;
/** How stale a session's last-seen time may get before a request refreshes it (the idle limit is 30 minutes). */
const sessionTouchIntervalMs = 30_000;

/** What a sign-in attempt came to, decided while the user's row is held. */
type SignInVerdict =
  | { kind: 'locked'; until: Date }
  | { kind: 'wrong-password' }
  | { kind: 'wrong-code' }
  | { kind: 'too-many-codes' }
  | { kind: 'code-sent'; outboxId: string | null }
  | { kind: 'passed' };

export interface AuthDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  outbox: OutboxService;
  publicUrl: string;
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock, audit } = deps;
  const usersRepo = createUsersRepository(db);
  const authRepo = createAuthRepository(db);

  const setPasswordLink = (token: string, userId: string, kind: 'reset' | 'new_account') =>
    `${deps.publicUrl}/auth/set-password?token=${encodeURIComponent(token)}&id=${userId}${kind === 'new_account' ? '&type=new' : ''}`;

  async function issueLinkToken(
    into: DbOrTx,
    userId: string,
    kind: 'reset' | 'new_account',
  ): Promise<string> {
    const token = newOpaqueToken();
    const lifetime =
      kind === 'reset' ? hours(authLimits.resetTokenHours) : hours(authLimits.newAccountTokenHours);
    await createAuthRepository(into).insertToken(
      { userId, kind, tokenHash: sha256(token), expiresAt: new Date(clock.now().getTime() + lifetime) },
      clock.now(),
    );
    return token;
  }

  function assertMaySignIn(user: UserWithClinic) {
    if (user.isDeactivated) throw new AppError('FORBIDDEN', authMessages.accountDeactivated);
    if (user.portal === 'CLINIC' && user.clinicActive === false) {
      throw new AppError('FORBIDDEN', authMessages.clinicInactive);
    }
  }

  const accountLocked = (until: Date) =>
    new AppError(
      'ACCOUNT_LOCKED',
      authMessages.accountLocked,
      undefined,
      Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 1000)),
    );

  async function unknownEmail(ip: string | null): Promise<never> {
    await audit.record(db, {
      actorUserId: null,
      action: 'auth.sign-in-failed',
      message: 'Sign-in failed: no account has this email',
      details: { reason: 'unknown-email' },
      ip,
    });
    throw new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
  }

  /**
   * Counts a wrong password or a wrong code against the account, inside the caller's transaction that holds
   * the user's row: the fifth in a row locks it for 15 minutes (DESIGN 5), whichever of the two they were.
   */
  async function countFailure(
    tx: DbOrTx,
    user: UserWithClinic,
    failuresBefore: number,
    reason: 'wrong-password' | 'wrong-code' | 'wrong-current-password',
    ip: string | null,
  ): Promise<SignInVerdict> {
    const now = clock.now();
    const failures = failuresBefore + 1;
    if (failures >= authLimits.lockoutFailures) {
      const until = new Date(now.getTime() + minutes(authLimits.lockoutMinutes));
      await createUsersRepository(tx).update(user.id, { lockedUntil: until, failedLoginCount: 0 }, now);
      await audit.record(tx, {
        actorUserId: user.id,
        clinicId: user.clinicId,
        action: 'auth.lockout',
        message: `Account locked for ${authLimits.lockoutMinutes} minutes after ${failures} failed sign-ins`,
        ip,
      });
      // A wrong password is answered as one, lock or no lock (see signIn).
      return reason === 'wrong-code' ? { kind: 'locked', until } : { kind: 'wrong-password' };
    }
    await createUsersRepository(tx).update(user.id, { failedLoginCount: failures }, now);
    await audit.record(
      tx,
      reason === 'wrong-password'
        ? {
            actorUserId: user.id,
            clinicId: user.clinicId,
            action: 'auth.sign-in-failed',
            message: 'Sign-in failed: wrong password',
            details: { reason, failures },
            ip,
          }
        : reason === 'wrong-current-password'
          ? {
              actorUserId: user.id,
              clinicId: user.clinicId,
              action: 'auth.password-change-failed',
              message: 'Change of password failed: wrong current password',
              details: { reason, failures },
              ip,
            }
          : {
              actorUserId: user.id,
              clinicId: user.clinicId,
              action: 'auth.verification-failed',
              message: 'Sign-in failed: wrong or expired verification code',
              details: { reason, failures },
              ip,
            },
    );
    return { kind: reason === 'wrong-code' ? 'wrong-code' : 'wrong-password' };
  }

  /** Whether the code is the user's live one; a wrong try counts on the code, which five spend. */
  async function verificationCodeMatches(tx: DbOrTx, user: UserWithClinic, code: string): Promise<boolean> {
    const tokens = createAuthRepository(tx);
    const [live] = await tokens.findLiveToken(user.id, ['verification'], clock.now());
    if (live && sameHash(live.tokenHash, sha256(code)) && (await tokens.consumeToken(live.id, clock.now())))
      return true;
    if (live) {
      const attempts = await tokens.incrementTokenAttempts(live.id);
      // After the last allowed try the code is spent; the user must start again for a new one.
      if (attempts >= authLimits.verificationCodeTries) await tokens.consumeToken(live.id, clock.now());
    }
    return false;
  }

  /** A new code for the user's phone, queued in the transaction; at most a few an hour. */
  async function issueVerificationCode(tx: DbOrTx, user: UserWithClinic): Promise<SignInVerdict> {
    const now = clock.now();
    const tokens = createAuthRepository(tx);
    const sentLastHour = await tokens.countTokensSince(
      user.id,
      'verification',
      new Date(now.getTime() - hours(1)),
    );
    if (sentLastHour >= authLimits.verificationCodesPerHour) return { kind: 'too-many-codes' };
    const code = newVerificationCode();
    await tokens.consumeTokensOfUser(user.id, ['verification'], now);
    await tokens.insertToken(
      {
        userId: user.id,
        kind: 'verification',
        tokenHash: sha256(code),
        expiresAt: new Date(now.getTime() + minutes(authLimits.verificationCodeMinutes)),
      },
      now,
    );
    // Users' phones are kept as typed; Twilio takes E.164.
    const to = toE164(user.phone) ?? user.phone;
    const outboxId = to
      ? await deps.outbox.enqueueIn(tx, {
          channel: 'sms',
          to,
          clinicId: user.clinicId,
          body: `Your Vigil verification code is ${code}. It expires in ${authLimits.verificationCodeMinutes} minutes.`,
        })
      : null;
    return { kind: 'code-sent', outboxId };
  }

  /** The reset link of an active account, emailed; nothing for any other address. */
  async function requestReset(email: string, ip: string | null): Promise<void> {
    const user = await usersRepo.findByEmail(email);
    if (!user || user.isDeactivated) return;
    const token = await issueLinkToken(db, user.id, 'reset');
    await deps.outbox.enqueue({
      channel: 'email',
      to: user.email,
      clinicId: user.clinicId,
      subject: 'Reset your Vigil password',
      body: [
        `Hello ${user.firstName},`,
        '',
        'We received a request to reset your Vigil password. Open this link to choose a new one:',
        setPasswordLink(token, user.id, 'reset'),
        '',
        `The link works once and expires in ${authLimits.resetTokenHours} hour. If you did not ask for it, you can ignore this email.`,
      ].join('\n'),
    });
    await audit.record(db, {
      actorUserId: user.id,
      clinicId: user.clinicId,
      action: 'auth.reset-requested',
      message: 'Requested a password reset link by email',
      ip,
    });
  }

  return {
    async signIn(input: LoginRequest, ip: string | null): Promise<LoginResponse> {
      const user = await usersRepo.findByEmail(input.email);
      // Argon2 before the transaction, and for an unknown email too (a decoy hash), so both take as long.
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user) return unknownEmail(ip);
      // The lock is told only to whoever gives the account's password: to anyone else a locked account
      // answers as an unknown email does, so five wrong guesses cannot tell which emails have accounts.
      if (user.lockedUntil && user.lockedUntil > clock.now()) {
        if (ok) throw accountLocked(user.lockedUntil);
        throw new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
      }
      // The account's row is held while the attempt is judged and counted: attempts at the same moment
      // count one after another, and none passes a lock another has just set.
      const verdict = await db.transaction(async (tx): Promise<SignInVerdict> => {
        const state = await createUsersRepository(tx).lockSignInState(user.id);
        if (!state) return { kind: 'wrong-password' };
        if (state.lockedUntil && state.lockedUntil > clock.now())
          return ok ? { kind: 'locked', until: state.lockedUntil } : { kind: 'wrong-password' };
        if (!ok) return countFailure(tx, user, state.failedLoginCount, 'wrong-password', ip);
        assertMaySignIn(user);
        if (user.twoFactorType === 'sms') {
          if (!input.verificationCode) return issueVerificationCode(tx, user);
          if (!(await verificationCodeMatches(tx, user, input.verificationCode)))
            return countFailure(tx, user, state.failedLoginCount, 'wrong-code', ip);
        }
        if (state.failedLoginCount > 0 || state.lockedUntil)
          await createUsersRepository(tx).update(
            user.id,
            { failedLoginCount: 0, lockedUntil: null },
            clock.now(),
          );
        return { kind: 'passed' };
      });
      switch (verdict.kind) {
        case 'locked':
          throw accountLocked(verdict.until);
        case 'wrong-password':
          throw new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
        case 'wrong-code':
          throw new AppError('VALIDATION', authMessages.invalidVerificationCode, {
            verificationCode: authMessages.invalidVerificationCode,
          });
        case 'too-many-codes':
          throw new AppError('TOO_MANY_REQUESTS', authMessages.tooManyVerificationCodes, undefined, 3600);
        case 'code-sent':
          if (verdict.outboxId) await deps.outbox.deliver(verdict.outboxId);
          return { pendingVerificationCode: true, message: authMessages.verificationCodeSent };
        case 'passed':
          break;
      }

      if (user.isTemporaryPassword) {
        // No session: the token answered is a single-use set-password token for the forced change.
        const token = await issueLinkToken(db, user.id, 'reset');
        await audit.record(db, {
          actorUserId: user.id,
          clinicId: user.clinicId,
          action: 'auth.sign-in-temporary-password',
          message: 'Signed in with a temporary password, to choose a new one',
          ip,
        });
        return { token, user: toSessionUser(user) };
      }

      const token = newOpaqueToken();
      await authRepo.insertSession({ userId: user.id, tokenHash: sha256(token), ip }, clock.now());
      await audit.record(db, {
        actorUserId: user.id,
        clinicId: user.clinicId,
        action: 'auth.sign-in',
        message: 'Signed in',
        ip,
      });
      return { token, user: toSessionUser(user) };
    },

    /** Resolves a bearer token to its user, ending the session when it has been idle too long. */
    async authenticate(token: string): Promise<AuthUser> {
      const found = await authRepo.findSessionByTokenHash(sha256(token));
      if (!found || found.session.endedAt) throw new AppError('UNAUTHENTICATED', authMessages.sessionEnded);
      const { session } = found;
      const now = clock.now();
      if (now.getTime() - session.lastSeenAt.getTime() > minutes(authLimits.sessionIdleMinutes)) {
        await authRepo.endSession(session.id, 'idle', now);
        throw new AppError('UNAUTHENTICATED', authMessages.sessionEnded);
      }
      if (found.userDeactivated || found.clinicActive === false) {
        await authRepo.endSession(session.id, 'deactivated', now);
        throw new AppError('UNAUTHENTICATED', authMessages.sessionEnded);
      }
      // The idle clock needs no finer grain than this: a busy user's session is not written on every request.
      if (now.getTime() - session.lastSeenAt.getTime() >= sessionTouchIntervalMs) {
        await authRepo.touchSession(session.id, now);
      }
      const { user } = found;
      return {
        id: user.id,
        sessionId: session.id,
        role: { type: user.roleType, access: user.access, portal: user.portal },
        clinicId: user.clinicId,
        firstName: user.firstName,
        lastName: user.lastName,
      };
    },

    async me(actor: AuthUser): Promise<SessionUser> {
      const user = await usersRepo.findById(actor.id);
      if (!user) throw new AppError('UNAUTHENTICATED', authMessages.sessionEnded);
      return toSessionUser(user);
    },

    async signOut(actor: AuthUser, ip: string | null): Promise<void> {
      await authRepo.endSession(actor.sessionId, 'sign-out', clock.now());
      await audit.record(db, {
        actorUserId: actor.id,
        clinicId: actor.clinicId,
        action: 'auth.sign-out',
        message: 'Signed out',
        ip,
      });
    },

    /**
     * Emails a reset link to an account's address. Every answer is the same, and none comes before
     * `recoverAnswerMs`: a link's token, email and audit event take time an unknown address does not, and
     * the difference would tell which emails have accounts.
     */
    async recover(email: string, ip: string | null): Promise<{ message: string }> {
      const answerAt = performance.now() + recoverAnswerMs;
      await requestReset(email, ip);
      const wait = answerAt - performance.now();
      if (wait > 0) await setTimeout(wait);
      return { message: authMessages.recoverSent };
    },

    async setPassword(input: SetPasswordRequest, ip: string | null): Promise<{ message: string }> {
      const invalid = new AppError('VALIDATION', authMessages.invalidResetLink);
      const user = await usersRepo.findById(input.id);
      if (!user || user.isDeactivated) throw invalid;
      const tokens = await authRepo.findLiveToken(user.id, ['reset', 'new_account'], clock.now());
      const match = tokens.find((t) => sameHash(t.tokenHash, sha256(input.token)));
      if (!match) throw invalid;
      // Hashed before the transaction, so argon2's time does not hold a database connection.
      const passwordHash = await hashPassword(input.password);
      // The link is spent, the password set and the old sessions ended together, or none of them.
      await db.transaction(async (tx) => {
        const txAuth = createAuthRepository(tx);
        if (!(await txAuth.consumeToken(match.id, clock.now()))) throw invalid;
        await createUsersRepository(tx).update(
          user.id,
          { passwordHash, isTemporaryPassword: false, failedLoginCount: 0, lockedUntil: null },
          clock.now(),
        );
        await txAuth.consumeTokensOfUser(user.id, ['reset', 'new_account'], clock.now());
        await txAuth.endSessionsOfUser(user.id, 'password-reset', clock.now());
        await audit.record(tx, {
          actorUserId: user.id,
          clinicId: user.clinicId,
          action: match.kind === 'reset' ? 'auth.password-reset' : 'auth.password-set',
          message:
            match.kind === 'reset'
              ? 'Reset the password with a reset link'
              : 'Set the password of a new account',
          ip,
        });
      });
      return { message: 'Password set' };
    },

    async changePassword(
      actor: AuthUser,
      input: ChangePasswordRequest,
      ip: string | null,
    ): Promise<SessionUser> {
      const user = await usersRepo.findById(actor.id);
      if (!user) throw new AppError('UNAUTHENTICATED', authMessages.sessionEnded);
      // Checking the current password is a sign-in in effect: a session left open must not be a way to
      // guess it without limit. Wrong ones count toward the same lock (DESIGN 5), which then refuses here too.
      if (user.lockedUntil && user.lockedUntil > clock.now()) throw accountLocked(user.lockedUntil);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await db.transaction(async (tx) => {
          const state = await createUsersRepository(tx).lockSignInState(user.id);
          if (state && !(state.lockedUntil && state.lockedUntil > clock.now()))
            await countFailure(tx, user, state.failedLoginCount, 'wrong-current-password', ip);
        });
        throw new AppError('VALIDATION', authMessages.wrongCurrentPassword, {
          currentPassword: authMessages.wrongCurrentPassword,
        });
      }
      const passwordHash = await hashPassword(input.newPassword);
      // The new password and the end of the other sessions (signed in with the old one) land together; this
      // session stays.
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).update(
          user.id,
          { passwordHash, isTemporaryPassword: false },
          clock.now(),
        );
        await createAuthRepository(tx).endSessionsOfUser(
          user.id,
          'password-changed',
          clock.now(),
          actor.sessionId,
        );
        await audit.record(tx, {
          actorUserId: user.id,
          clinicId: user.clinicId,
          action: 'auth.password-changed',
          message: 'Changed the password',
          ip,
        });
      });
      return toSessionUser({ ...user, isTemporaryPassword: false });
    },

    async clinicInfo(userId: string): Promise<{ clinic_name: string | null }> {
      const user = await usersRepo.findById(userId);
      if (!user) throw new AppError('NOT_FOUND', errorMessages.notFound);
      return { clinic_name: user.clinicName };
    },

    /**
     * Queues a new account's 72-hour set-password email inside the transaction that creates the account, so
     * the account and its link stand or fall together. Answers the outbox id: the caller starts the delivery
     * with `deliverNewAccountLink` once the transaction has committed.
     */
    async storeNewAccountLink(tx: DbOrTx, userId: string): Promise<string> {
      const user = await createUsersRepository(tx).findById(userId);
      if (!user) throw new AppError('NOT_FOUND', errorMessages.notFound);
      const token = await issueLinkToken(tx, user.id, 'new_account');
      return deps.outbox.enqueueIn(tx, {
        channel: 'email',
        to: user.email,
        clinicId: user.clinicId,
        subject: 'Your new Vigil account',
        body: [
          `Hello ${user.firstName},`,
          '',
          `An account was created for you in Vigil${user.clinicName ? ` for ${user.clinicName}` : ''}. Open this link to set your password:`,
          setPasswordLink(token, user.id, 'new_account'),
          '',
          `The link works once and expires in ${authLimits.newAccountTokenHours} hours.`,
        ].join('\n'),
      });
    },

    /** Starts the delivery of a link stored by `storeNewAccountLink`, after its transaction committed. */
    deliverNewAccountLink: (outboxId: string) => deps.outbox.deliver(outboxId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
