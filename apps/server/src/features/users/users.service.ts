import { randomInt, randomUUID } from 'node:crypto';
import {
  AppError,
  CreateUserRequest,
  errorMessages,
  filterValues,
  type GraphFilterData,
  messages,
  patientFilterKeys,
  type RoleType,
  type UpdateFiltersRequest,
  type UpdateFiltersResult,
  type UpdateUserRequest,
  type UserOption,
} from '@vigil/core';
import { fileTypeFromBuffer } from 'file-type';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { invalidBody } from '../../lib/invalid-body.js';
import type { AuditService } from '../audit/audit.service.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { hashPassword } from '../auth/secrets.js';
import { createClinicsRepository } from '../clinics/clinics.repository.js';
import { toUserView, type UserView } from './user-view.js';
import { clinicScope, isAdmin, maySeeUsersList, mayView, requireAdmin } from './users.access.js';
import { createUsersRepository, type UserWithClinic } from './users.repository.js';

const avatarTypes: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Fields an audit event shows before and after a change: never the password hash. */
const audited = (u: UserWithClinic | UserRow) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  roleType: u.roleType,
  access: u.access,
  portal: u.portal,
  clinicId: u.clinicId,
  emergencyProtocol: u.emergencyProtocol,
  twoFactorType: u.twoFactorType,
  timeTrackingEnabled: u.timeTrackingEnabled,
  isDeactivated: u.isDeactivated,
  avatarUrl: u.avatarUrl,
});

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** A temporary password that satisfies the manual rule: 12 characters with upper, lower, digit and special. */
function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#?!@$%^&*-'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]!);
  while (chars.length < 12) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * Stores a new account with its audit event, once its creator may create it there: `create` for an admin,
 * `createOperatorAdministrator` for the command line (no actor). The email must be free. `how` ends the
 * audit message; `inTransaction` stores what must stand or fall with the account.
 */
async function insertUser(
  deps: Pick<UsersDeps, 'db' | 'audit'>,
  actorUserId: string | null,
  input: CreateUserRequest,
  placement: { portal: 'CLINIC' | 'CIRCLE'; clinicId: string | null },
  ip: string | null,
  options: { how?: string; inTransaction?: (tx: DbOrTx, row: UserRow) => Promise<void> } = {},
): Promise<UserRow> {
  if (await createUsersRepository(deps.db).emailTaken(input.email)) {
    throw new AppError('EMAIL_TAKEN', errorMessages.emailTaken, { email: errorMessages.emailTaken });
  }
  return deps.db.transaction(async (tx) => {
    const row = await createUsersRepository(tx).insert({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      roleType: input.clinicalRole,
      access: input.admin ? 'ADMIN' : 'USER',
      portal: placement.portal,
      clinicId: placement.clinicId,
      emergencyProtocol: input.clinicalRole === 'PHYSICIAN' ? (input.emergencyProtocol ?? null) : null,
      twoFactorType: input.twoFactorType,
      timeTrackingEnabled: input.timeTrackingEnabled,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      isTemporaryPassword: Boolean(input.password),
    });
    await deps.audit.record(tx, {
      actorUserId,
      clinicId: placement.clinicId,
      action: 'user.created',
      entityType: 'user',
      entityId: row.id,
      message: `Created user ${fullName(row)} (${row.roleType}${row.access === 'ADMIN' ? ', admin' : ''})${
        input.password ? ' with a temporary password' : ''
      }${options.how ?? ''}`,
      details: { after: audited(row), temporaryPassword: Boolean(input.password) },
      ip,
    });
    await options.inTransaction?.(tx, row);
    return row;
  });
}

/**
 * The first administrator of a new installation (`npm run admin:create`, README "Running in production"):
 * an operator-portal care navigator with admin access, who can then create clinics and every other
 * account. Made by whoever runs the server, not by a signed-in user, so its audit event has no actor. The
 * fields are the user form's, checked by its schema; the password is generated, and temporary: it only
 * leads to setting a new one (decision 0001).
 */
export async function createOperatorAdministrator(
  deps: Pick<UsersDeps, 'db' | 'audit'>,
  fields: { firstName?: string; lastName?: string; phone?: string; email?: string },
): Promise<{ user: UserRow; temporaryPassword: string }> {
  const temporaryPassword = generatePassword();
  const parsed = CreateUserRequest.safeParse({
    ...fields,
    clinicalRole: 'CARE_NAVIGATOR',
    admin: true,
    role: { portal: 'CIRCLE' },
    password: temporaryPassword,
  });
  if (!parsed.success) throw invalidBody(parsed.error);
  const user = await insertUser(deps, null, parsed.data, { portal: 'CIRCLE', clinicId: null }, null, {
    how: ', from the command line',
  });
  return { user, temporaryPassword };
}

export interface UsersDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  auth: AuthService;
  storage: FileStorage;
}

export function createUsersService(deps: UsersDeps) {
  const { db, clock, audit } = deps;
  const users = createUsersRepository(db);
  const clinics = createClinicsRepository(db);

  async function findVisible(actor: AuthUser, userId: string): Promise<UserWithClinic> {
    const user = await users.findById(userId);
    if (!user || !mayView(actor, user.clinicId)) throw new AppError('NOT_FOUND', errorMessages.notFound);
    return user;
  }

  /** Another user may be changed only by an admin who can see them. */
  async function findEditable(actor: AuthUser, userId: string): Promise<UserWithClinic> {
    const user = await findVisible(actor, userId);
    if (user.id !== actor.id) requireAdmin(actor);
    return user;
  }

  async function assertClinicExists(clinicId: string) {
    if (!(await clinics.findById(clinicId))) {
      throw new AppError('NOT_FOUND', errorMessages.notFound);
    }
  }

  return {
    async list(actor: AuthUser, filter: { clinicId?: string | undefined }): Promise<UserView[]> {
      if (!maySeeUsersList(actor)) throw new AppError('FORBIDDEN', errorMessages.usersListForbidden);
      const clinicId = clinicScope(actor, filter.clinicId);
      if (clinicId) await assertClinicExists(clinicId);
      return (await users.findByClinic(clinicId, actor.id)).map(toUserView);
    },

    /**
     * The pickers' users (spec patients 6, 7): any signed-in user may ask, since the patient form and the
     * filter dialog need them, and the answer holds names only. A clinic user only ever gets their own
     * clinic's users, plus the care navigators, who belong to no clinic.
     */
    async listOptions(
      actor: AuthUser,
      filter: { roleType?: RoleType | undefined; clinics?: string | undefined; includeCN: boolean },
    ): Promise<UserOption[]> {
      const roles: RoleType[] = filter.roleType ? [filter.roleType] : ['PHYSICIAN', 'STAFF'];
      const clinicIds =
        actor.role.portal === 'CLINIC'
          ? [actor.clinicId ?? '']
          : filter.clinics === undefined
            ? null
            : filterValues(filter.clinics);
      const rows = await users.findPickerOptions({
        clinicRoles: roles.filter((r) => r !== 'CARE_NAVIGATOR'),
        clinicIds,
        navigators: roles.includes('CARE_NAVIGATOR') || filter.includeCN,
      });
      return rows.map((u) => ({ _id: u.id, firstName: u.firstName, lastName: u.lastName }));
    },

    /**
     * Saves one list's filters for the next visit (spec patients 2.4): the priority list's with its month
     * and year, the clinician list's apart. Only one's own, since sign-in hands them back to that user.
     */
    async updateFilters(
      actor: AuthUser,
      userId: string,
      input: UpdateFiltersRequest,
    ): Promise<UpdateFiltersResult> {
      if (userId !== actor.id) throw new AppError('FORBIDDEN', errorMessages.forbidden);
      const filters: Record<string, unknown> = {};
      for (const key of patientFilterKeys) if (input[key] !== undefined) filters[key] = input[key];
      const changes = input.isClinicList
        ? { clinicStoredFilters: filters }
        : { storedFilters: { ...filters, month: input.month ?? null, year: input.year ?? null } };
      await users.update(actor.id, changes, clock.now());
      const user = (await users.findById(actor.id))!;
      return { patientFilter: user.storedFilters, clinicFilter: user.clinicStoredFilters };
    },

    /**
     * The readings panel's choices (preset, custom range, table or chart, type), kept on the user so the
     * next visit and the next sign-in start from them. Only the user themself saves them, whatever the role.
     */
    async updateGraphFilterData(
      actor: AuthUser,
      userId: string,
      input: GraphFilterData,
    ): Promise<{ graphFilterData: GraphFilterData }> {
      if (userId !== actor.id) throw new AppError('FORBIDDEN', errorMessages.forbidden);
      await users.update(actor.id, { graphFilterData: input }, clock.now());
      return { graphFilterData: input };
    },

    async get(actor: AuthUser, userId: string): Promise<UserView> {
      const user = await findVisible(actor, userId);
      if (user.id !== actor.id && !maySeeUsersList(actor)) {
        throw new AppError('FORBIDDEN', errorMessages.usersListForbidden);
      }
      return toUserView(user);
    },

    async create(actor: AuthUser, input: CreateUserRequest, ip: string | null): Promise<UserView> {
      requireAdmin(actor);
      const portal = actor.role.portal === 'CLINIC' ? 'CLINIC' : input.role.portal;
      const clinicId = portal === 'CLINIC' ? clinicScope(actor, input.clinicId) : null;
      if (portal === 'CLINIC') {
        if (!clinicId) throw new AppError('VALIDATION', messages.required, { clinicId: messages.required });
        await assertClinicExists(clinicId);
        if (input.clinicalRole === 'CARE_NAVIGATOR')
          throw new AppError('VALIDATION', messages.careNavigatorPortal, {
            clinicalRole: messages.careNavigatorPortal,
          });
      } else if (input.clinicalRole !== 'CARE_NAVIGATOR') {
        throw new AppError('VALIDATION', errorMessages.operatorRole, {
          clinicalRole: errorMessages.operatorRole,
        });
      }
      let linkId: string | undefined;
      const created = await insertUser(deps, actor.id, input, { portal, clinicId }, ip, {
        // Without a temporary password the new user chooses one through a 72-hour link, stored with the account.
        inTransaction: input.password
          ? undefined
          : async (tx, row) => {
              linkId = await deps.auth.storeNewAccountLink(tx, row.id);
            },
      });
      if (linkId) await deps.auth.deliverNewAccountLink(linkId);
      return toUserView((await users.findById(created.id))!);
    },

    async update(
      actor: AuthUser,
      userId: string,
      input: UpdateUserRequest,
      ip: string | null,
    ): Promise<UserView> {
      const visible = await findEditable(actor, userId);
      if (input.password !== undefined && visible.id === actor.id)
        throw new AppError('FORBIDDEN', errorMessages.forbidden);
      // Argon2 before the transaction, which then holds the user's row: edits at the same moment apply one
      // after the other, each to what the other left, so neither's fields are lost.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      let linkId: string | undefined;
      await db.transaction(async (tx) => {
        const user = await createUsersRepository(tx).lockById(visible.id);
        if (!user) throw new AppError('NOT_FOUND', errorMessages.notFound);
        const self = user.id === actor.id;
        const access = input.admin === undefined ? user.access : input.admin ? 'ADMIN' : 'USER';
        if (access !== user.access) {
          requireAdmin(actor);
          if (self) throw new AppError('FORBIDDEN', errorMessages.ownAdminFlag);
        }
        if (
          input.twoFactorType !== undefined &&
          input.twoFactorType !== user.twoFactorType &&
          !isAdmin(actor)
        ) {
          throw new AppError('FORBIDDEN', errorMessages.twoFactorAdminOnly);
        }
        const roleType = input.clinicalRole ?? user.roleType;
        if (roleType !== user.roleType) {
          requireAdmin(actor);
          const valid =
            user.portal === 'CIRCLE' ? roleType === 'CARE_NAVIGATOR' : roleType !== 'CARE_NAVIGATOR';
          if (!valid) {
            const message =
              user.portal === 'CIRCLE' ? errorMessages.operatorRole : messages.careNavigatorPortal;
            throw new AppError('VALIDATION', message, { clinicalRole: message });
          }
        }
        if (input.email && (await createUsersRepository(tx).emailTaken(input.email, user.id))) {
          throw new AppError('EMAIL_TAKEN', errorMessages.emailTaken, { email: errorMessages.emailTaken });
        }
        const changes: Partial<UserRow> = {
          firstName: input.firstName ?? user.firstName,
          lastName: input.lastName ?? user.lastName,
          phone: input.phone ?? user.phone,
          email: input.email ?? user.email,
          access,
          roleType,
          twoFactorType: input.twoFactorType ?? user.twoFactorType,
          timeTrackingEnabled: input.timeTrackingEnabled ?? user.timeTrackingEnabled,
          // Emergency protocol is kept for physicians only (spec administration 6).
          emergencyProtocol:
            roleType === 'PHYSICIAN' ? (input.emergencyProtocol ?? user.emergencyProtocol) : null,
        };
        if (passwordHash) {
          changes.passwordHash = passwordHash;
          changes.isTemporaryPassword = true;
        }
        await createUsersRepository(tx).update(user.id, changes, clock.now());
        const diff = changedFields(audited(user), audited({ ...user, ...changes }));
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: user.clinicId,
          action: 'user.updated',
          entityType: 'user',
          entityId: user.id,
          message: [
            `Edited user ${fullName({ ...user, ...changes } as UserRow)}`,
            Object.keys(diff.after).length ? `: ${Object.keys(diff.after).join(', ')}` : '',
            input.password ? `${Object.keys(diff.after).length ? ';' : ':'} set a temporary password` : '',
          ].join(''),
          details: { ...diff, temporaryPasswordSet: Boolean(input.password) },
          ip,
        });
        // A link that went to the old address (a typo, a mailbox someone else reads) is spent, so only the new
        // address can set the password; a new account's link still waiting is sent again, to the new address.
        if (changes.email!.toLowerCase() !== user.email.toLowerCase()) {
          const spent = await createAuthRepository(tx).consumeTokensOfUser(
            user.id,
            ['reset', 'new_account'],
            clock.now(),
          );
          if (spent.includes('new_account')) linkId = await deps.auth.storeNewAccountLink(tx, user.id);
        }
        // A new temporary password takes effect at once: sessions under the old one end.
        if (input.password)
          await createAuthRepository(tx).endSessionsOfUser(user.id, 'password-reset', clock.now());
      });
      if (linkId) await deps.auth.deliverNewAccountLink(linkId);
      return toUserView((await users.findById(visible.id))!);
    },

    async changeActiveStatus(
      actor: AuthUser,
      userId: string,
      active: boolean,
      ip: string | null,
    ): Promise<UserView> {
      requireAdmin(actor);
      const visible = await findVisible(actor, userId);
      if (visible.id === actor.id) throw new AppError('FORBIDDEN', errorMessages.ownActiveStatus);
      await db.transaction(async (tx) => {
        // Locked and read again: of two requests at once, the second finds the state the first left.
        const user = await createUsersRepository(tx).lockById(visible.id);
        if (!user) throw new AppError('NOT_FOUND', errorMessages.notFound);
        if (user.isDeactivated === !active) return;
        await createUsersRepository(tx).update(user.id, { isDeactivated: !active }, clock.now());
        if (!active) await createAuthRepository(tx).endSessionsOfUser(user.id, 'deactivated', clock.now());
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: user.clinicId,
          action: active ? 'user.activated' : 'user.deactivated',
          entityType: 'user',
          entityId: user.id,
          message: `${active ? 'Activated' : 'Deactivated'} user ${fullName(user)}`,
          details: { before: { isDeactivated: user.isDeactivated }, after: { isDeactivated: !active } },
          ip,
        });
      });
      return toUserView((await users.findById(visible.id))!);
    },

    generatePassword(actor: AuthUser): string {
      requireAdmin(actor);
      return generatePassword();
    },

    /** Stores a new avatar, checked by its bytes (not its name): JPEG or PNG, at most 5 MB. */
    async uploadAvatar(actor: AuthUser, bytes: Buffer, ip: string | null): Promise<string> {
      const type = await fileTypeFromBuffer(bytes);
      const extension = type ? avatarTypes[type.mime] : undefined;
      if (!extension)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.imageType, { file: messages.imageType });
      const key = `avatars/${randomUUID()}.${extension}`;
      await deps.storage.put(key, bytes);
      const url = `/api/uploads/${key}`;
      const user = (await users.findById(actor.id))!;
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).update(actor.id, { avatarUrl: url }, clock.now());
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: actor.clinicId,
          action: 'user.avatar-updated',
          entityType: 'user',
          entityId: actor.id,
          message: 'Changed their profile picture',
          details: { before: { avatarUrl: user.avatarUrl }, after: { avatarUrl: url } },
          ip,
        });
      });
      return url;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
