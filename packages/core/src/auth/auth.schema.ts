import { z } from '../format/zod.js';
import { messages } from '../messages.js';
import { accessLevels, portals, roleTypes } from '../users/roles.js';
import {
  hasAnySpecial,
  hasListedSpecial,
  hasLower,
  hasUpper,
  passwordMinLength,
  temporaryPasswordLength,
} from './password-rules.js';

const requiredString = z.string().trim().min(1, messages.required);

/** Login, step one, and the verification-code step (spec administration 5: Login). */
export const LoginForm = z.object({
  email: requiredString.pipe(z.email(messages.emailMustBeValid)),
  password: z.string().min(1, messages.required),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const verificationCodePattern = /^\d{6}$/;
export const VerificationCodeForm = z.object({
  verificationCode: requiredString.regex(verificationCodePattern, 'Enter the 6-digit code'),
});

/** POST /api/auth body: the login fields, plus the code on the second step. */
export const LoginRequest = LoginForm.extend({
  password: z.string().min(1, messages.required).max(200),
  verificationCode: z.string().trim().regex(verificationCodePattern, 'Enter the 6-digit code').optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Recover (spec: email required and valid, 'Please provide a valid email format'). */
export const RecoverForm = z.object({
  email: z
    .string({ error: messages.provideValidEmailFormat })
    .trim()
    .min(1, messages.provideValidEmailFormat)
    .pipe(z.email(messages.provideValidEmailFormat)),
});
export type RecoverForm = z.infer<typeof RecoverForm>;

/** A new password as set through the set-password link: min 8, an upper case letter and a special character. */
export const newPassword = z
  .string()
  .min(1, messages.required)
  .min(passwordMinLength, messages.passwordMin8)
  .max(128)
  .refine((v) => hasUpper(v) && hasAnySpecial(v), messages.passwordRule);

export const SetPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof SetPasswordForm>;

export const SetPasswordRequest = z.object({
  password: newPassword,
  token: requiredString.max(200),
  id: requiredString.max(100),
});
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;

/** Change password: new password with upper, lower and one of #?!@$%^&*- (same message as set password). */
export const changedPassword = z
  .string()
  .min(1, messages.required)
  .min(passwordMinLength, messages.passwordMin8)
  .max(128)
  .refine((v) => hasUpper(v) && hasLower(v) && hasListedSpecial(v), messages.passwordRule);

export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, messages.required),
    newPassword: changedPassword,
    confirmPassword: z.string().min(1, messages.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, messages.required).max(200),
  newPassword: changedPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** A temporary password typed by an admin: 8 to 20 characters, upper, lower and a special character. */
export const temporaryPassword = z
  .string({ error: messages.temporaryPasswordRule })
  .refine(
    (v) =>
      v.length >= temporaryPasswordLength.min &&
      v.length <= temporaryPasswordLength.max &&
      hasUpper(v) &&
      hasLower(v) &&
      hasAnySpecial(v),
    messages.temporaryPasswordRule,
  );

export const TemporaryPasswordForm = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('automatic'), password: z.string().min(1, messages.required) }),
  z.object({ mode: z.literal('manual'), password: temporaryPassword }),
]);
export type TemporaryPasswordForm = z.infer<typeof TemporaryPasswordForm>;

/** Sign-up (the page is unused; the schema is kept as the spec states it). */
export const SignUpForm = z.object({
  firstName: requiredString.max(50, messages.nameTooLong),
  lastName: requiredString.max(50, messages.nameTooLong),
  email: requiredString.pipe(z.email(messages.emailMustBeValid)),
  password: z
    .string()
    .min(7)
    .refine((v) => hasUpper(v) && hasLower(v) && /\d/.test(v) && hasAnySpecial(v)),
});

export const RoleSchema = z.object({
  type: z.enum(roleTypes),
  access: z.enum(accessLevels),
  portal: z.enum(portals),
});

/** The user as the sign-in answer carries it and the session keeps it. */
export const SessionUser = z.object({
  userId: z.string(),
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  admin: z.boolean(),
  role: RoleSchema,
  clinic: z.string().nullable(),
  clinicId: z.string().nullable(),
  clinicName: z.string().nullable(),
  isTemporaryPassword: z.boolean(),
  timeTrackingEnabled: z.boolean(),
  twoFactorType: z.enum(['none', 'sms']),
  emergencyProtocol: z.string().nullable(),
  storedFilters: z.record(z.string(), z.unknown()).nullable(),
  clinicStoredFilters: z.record(z.string(), z.unknown()).nullable(),
  graphFilterData: z.record(z.string(), z.unknown()).nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z.union([
  z.object({ pendingVerificationCode: z.literal(true), message: z.string() }),
  z.object({ token: z.string(), user: SessionUser }),
]);
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Server-side rules of the session and credentials (DESIGN section 5). */
export const authLimits = {
  sessionIdleMinutes: 30,
  inactivityWarningMinutes: 25,
  lockoutFailures: 5,
  lockoutMinutes: 15,
  verificationCodeMinutes: 10,
  verificationCodeTries: 5,
  /** Ours (DESIGN 5 is silent): codes one account may be sent in an hour, so a known password cannot flood a phone. */
  verificationCodesPerHour: 5,
  resetTokenHours: 1,
  newAccountTokenHours: 72,
} as const;

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  accountLocked: 'Too many failed sign-in attempts. Your account is locked for 15 minutes.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a moment and try again.',
  accountDeactivated: 'Your account is deactivated. Please contact your administrator.',
  clinicInactive: 'Your clinic is inactive. Please contact your administrator.',
  verificationCodeSent: 'A verification code was sent to your phone.',
  invalidVerificationCode: 'Invalid or expired verification code',
  tooManyVerificationCodes:
    'Too many verification codes were sent to your phone. Please try again in an hour.',
  invalidResetLink: 'This link is invalid or has expired. Please request a new one.',
  wrongCurrentPassword: 'Current password is incorrect',
  recoverSent: 'If an account exists for this email, we sent a link to reset the password.',
  sessionEnded: 'Your session has ended. Please log in.',
} as const;
