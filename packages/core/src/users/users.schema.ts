import { temporaryPassword } from '../auth/auth.schema.js';
import { emailMaxLength, requiredMatching, requiredText } from '../format/fields.schema.js';
import { usPhonePattern } from '../format/patterns.constants.js';
import { z } from '../format/zod.js';
import { messages } from '../messages.js';
import { portals, roleTypes } from './roles.js';

const required = requiredText;
const phone = requiredMatching(usPhonePattern, messages.invalidPhone);
const email = required.max(emailMaxLength).pipe(z.email(messages.invalidEmail));
const optionalText = z.string().trim().max(2000).nullish();

export const twoFactorTypes = ['none', 'sms'] as const;

/** The own account's General Info (spec administration 5: Account form). */
export const AccountForm = z.object({
  firstName: required.max(100),
  lastName: required.max(100),
  phone,
  email,
  admin: z.boolean().optional(),
  emergencyProtocol: optionalText,
  twoFactorType: z.enum(twoFactorTypes).default('none'),
});
export type AccountForm = z.infer<typeof AccountForm>;

/** Clinical roles a user can hold; care navigators only in the operator (CIRCLE) portal. */
export const clinicalRoles = roleTypes;

const userFields = z.object({
  firstName: required.max(100),
  lastName: required.max(100),
  phone,
  email,
  clinicalRole: z.enum(clinicalRoles),
  admin: z.boolean(),
  timeTrackingEnabled: z.boolean(),
  emergencyProtocol: optionalText,
  twoFactorType: z.enum(twoFactorTypes),
  password: temporaryPassword.optional(),
});

/** The user form, new and edit (spec administration 2: User form). The password is the temporary one. */
export const UserForm = userFields.extend({
  admin: userFields.shape.admin.default(false),
  timeTrackingEnabled: userFields.shape.timeTrackingEnabled.default(false),
  twoFactorType: userFields.shape.twoFactorType.default('none'),
});
export type UserForm = z.infer<typeof UserForm>;

/** POST /users: a CLINIC user belongs to a clinic and is a physician or staff; navigators are CIRCLE. */
export const CreateUserRequest = UserForm.extend({
  role: z.object({ portal: z.enum(portals) }),
  clinicId: z.string().trim().nullish(),
}).superRefine((user, ctx) => {
  if (user.role.portal === 'CLINIC') {
    if (!user.clinicId) ctx.addIssue({ code: 'custom', message: messages.required, path: ['clinicId'] });
    if (user.clinicalRole === 'CARE_NAVIGATOR')
      ctx.addIssue({ code: 'custom', message: messages.careNavigatorPortal, path: ['clinicalRole'] });
  }
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

/** PUT /users/{id}: any subset of the form; a field left out keeps its value, so nothing defaults here. */
export const UpdateUserRequest = userFields.partial();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/** PATCH /users/{id}/change-active-status */
export const UserActiveStatusRequest = z.object({ activeStatus: z.boolean() });

export const avatarImageTypes = ['image/jpeg', 'image/png'] as const;

/** The largest avatar image accepted (ours): checked in the browser before the upload, and by the server. */
export const avatarMaxBytes = 5 * 1024 * 1024;

/** Avatar upload: only jpg, jpeg or png. The server checks the content's type, not only the name. */
export const AvatarFile = z
  .object({ fileName: z.string(), mimeType: z.string() })
  .refine(
    (f) => /\.(jpe?g|png)$/i.test(f.fileName) && (avatarImageTypes as readonly string[]).includes(f.mimeType),
    messages.imageType,
  );
