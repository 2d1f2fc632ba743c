import {
  AppError,
  type CustomAlert,
  defaultCustomAlerts,
  errorMessages,
  type NewClinicForm,
  type UpdateClinicRequest,
} from '@vigil/core';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { SmsProvider } from '../../integrations/sms/sms-provider.js';
import { SmsNotConfiguredError } from '../../integrations/sms/unconfigured-sms.provider.js';
import type { AuditService } from '../audit/audit.service.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { createDevicesRepository } from '../devices/devices.repository.js';
import { toUserView } from '../users/user-view.js';
import { clinicScope, maySeeUsersList, requireAdmin } from '../users/users.access.js';
import { createUsersRepository } from '../users/users.repository.js';
import { type ClinicWithCounts, createClinicsRepository } from './clinics.repository.js';

type NewClinic = z.output<typeof NewClinicForm>;

export function toClinicView(clinic: ClinicWithCounts) {
  return {
    _id: clinic.id,
    id: clinic.id,
    name: clinic.name,
    address: clinic.address,
    active: clinic.active,
    slug: clinic.slug,
    twilioNumber: clinic.twilioNumber,
    timeZone: clinic.timeZone,
    admin: clinic.admin,
    activePatients: clinic.activePatients,
    inactivePatients: clinic.inactivePatients,
    unassignedPatients: clinic.unassignedPatients,
    customAlerts: clinic.customAlerts,
  };
}
export type ClinicView = ReturnType<typeof toClinicView>;

export interface ClinicsDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  auth: AuthService;
  sms: SmsProvider;
  /** A number bought for a clinic whose save then failed, and that the provider would not take back. */
  onNumberNotReleased: (phoneNumber: string, error: unknown) => void;
}

export function createClinicsService(deps: ClinicsDeps) {
  const { db, clock, audit } = deps;
  const clinics = createClinicsRepository(db);
  const users = createUsersRepository(db);

  async function findVisible(actor: AuthUser, clinicId: string): Promise<ClinicWithCounts> {
    const scoped = clinicScope(actor, clinicId);
    const clinic = scoped ? await clinics.findById(scoped) : undefined;
    if (!clinic) throw new AppError('NOT_FOUND', errorMessages.notFound);
    return clinic;
  }

  return {
    /**
     * Operator users see every clinic; a clinic user sees their own. The clinics' users come only to those
     * who may see the users list (spec administration 6).
     */
    async list(actor: AuthUser, filter: { active?: boolean; withUsers?: boolean }) {
      if (filter.withUsers && !maySeeUsersList(actor)) {
        throw new AppError('FORBIDDEN', errorMessages.usersListForbidden);
      }
      const rows = await clinics.findAll({
        activeOnly: filter.active,
        clinicId:
          actor.role.portal === 'CLINIC' ? (actor.clinicId ?? '00000000-0000-0000-0000-000000000000') : null,
      });
      return Promise.all(
        rows.map(async (clinic) => ({
          ...toClinicView(clinic),
          ...(filter.withUsers
            ? { users: (await users.findByClinic(clinic.id, actor.id)).map(toUserView) }
            : {}),
        })),
      );
    },

    async get(actor: AuthUser, clinicId: string): Promise<ClinicView> {
      return toClinicView(await findVisible(actor, clinicId));
    },

    async update(actor: AuthUser, clinicId: string, input: UpdateClinicRequest, ip: string | null) {
      const visible = await findVisible(actor, clinicId);
      requireAdmin(actor);
      await db.transaction(async (tx) => {
        // Locked and read again: edits at the same moment apply one after the other, none losing a field.
        const clinic = await createClinicsRepository(tx).lockById(visible.id);
        if (!clinic) throw new AppError('NOT_FOUND', errorMessages.notFound);
        const changes = {
          name: input.name ?? clinic.name,
          address: input.address ?? clinic.address,
          active: input.active ?? clinic.active,
          customAlerts: (input.customAlerts as CustomAlert[] | undefined) ?? clinic.customAlerts,
        };
        await createClinicsRepository(tx).update(clinic.id, changes, clock.now());
        if (clinic.active && !changes.active) {
          await createAuthRepository(tx).endSessionsOfClinic(clinic.id, 'clinic-deactivated', clock.now());
        }
        if (!clinic.active && changes.active)
          await createDevicesRepository(tx).clearInactiveClinic(clinic.id);
        const record = (action: string, message: string, before: unknown, after: unknown) =>
          audit.record(tx, {
            actorUserId: actor.id,
            clinicId: clinic.id,
            action,
            entityType: 'clinic',
            entityId: clinic.id,
            message,
            details: { before, after },
            ip,
          });
        if (changes.name !== clinic.name || changes.address !== clinic.address) {
          await record(
            'clinic.updated',
            `Edited the name or address of clinic ${changes.name}`,
            { name: clinic.name, address: clinic.address },
            { name: changes.name, address: changes.address },
          );
        }
        if (changes.active !== clinic.active) {
          await record(
            changes.active ? 'clinic.activated' : 'clinic.deactivated',
            `${changes.active ? 'Activated' : 'Deactivated'} clinic ${changes.name}`,
            { active: clinic.active },
            {
              active: changes.active,
            },
          );
        }
        if (JSON.stringify(changes.customAlerts) !== JSON.stringify(clinic.customAlerts)) {
          await record(
            'clinic.thresholds-updated',
            `Changed the alert thresholds of clinic ${changes.name}`,
            clinic.customAlerts,
            changes.customAlerts,
          );
        }
      });
      return toClinicView((await clinics.findById(visible.id))!);
    },

    /** Creates a clinic with its admin user and texting number (operator admins only). */
    async create(actor: AuthUser, input: NewClinic, ip: string | null) {
      if (actor.role.portal !== 'CIRCLE' || actor.role.access !== 'ADMIN') {
        throw new AppError('FORBIDDEN', errorMessages.createClinicForbidden);
      }
      if (await clinics.slugTaken(input.clinic_slug)) {
        throw new AppError('SLUG_TAKEN', errorMessages.slugTaken, { clinic_slug: errorMessages.slugTaken });
      }
      if (await users.emailTaken(input.clinic_admin_email)) {
        throw new AppError('EMAIL_TAKEN', errorMessages.emailTaken, {
          clinic_admin_email: errorMessages.emailTaken,
        });
      }
      // Checked before buying a number, so a rejected request costs nothing at the provider.
      let twilioNumber: string;
      try {
        twilioNumber = await deps.sms.provisionNumber(input.clinic_area_code);
      } catch (error) {
        if (error instanceof SmsNotConfiguredError) {
          throw new AppError('UPSTREAM_FAILED', errorMessages.textingNotConfigured);
        }
        // The provider's reason goes to the log with it (`cause`), not to the user.
        throw Object.assign(
          new AppError('UPSTREAM_FAILED', errorMessages.numberUnavailable, {
            clinic_area_code: errorMessages.numberUnavailable,
          }),
          { cause: error },
        );
      }
      const save = db.transaction(async (tx) => {
        const clinic = await createClinicsRepository(tx).insert({
          name: input.clinic_name,
          address: input.clinic_address,
          slug: input.clinic_slug,
          twilioNumber,
          adminPhone: input.clinic_admin_phone,
          adminEmail: input.clinic_admin_email,
          customAlerts: [...defaultCustomAlerts],
        });
        const admin = await createUsersRepository(tx).insert({
          email: input.clinic_admin_email,
          firstName: input.clinic_admin_first_name,
          lastName: input.clinic_admin_last_name,
          phone: input.clinic_admin_phone,
          roleType: input.clinic_admin_role,
          access: 'ADMIN',
          portal: 'CLINIC',
          clinicId: clinic.id,
          emergencyProtocol: input.emergencyProtocol,
        });
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: clinic.id,
          action: 'clinic.created',
          entityType: 'clinic',
          entityId: clinic.id,
          message: `Created clinic ${clinic.name} with its administrator ${admin.firstName} ${admin.lastName}`,
          details: {
            after: {
              name: clinic.name,
              slug: clinic.slug,
              address: clinic.address,
              twilioNumber,
              adminUserId: admin.id,
            },
          },
          ip,
        });
        // The administrator's set-password link is stored with the account, and sent once it is committed.
        return { clinicId: clinic.id, linkId: await deps.auth.storeNewAccountLink(tx, admin.id) };
      });
      const { clinicId, linkId } = await save.catch(async (error: unknown) => {
        // Nothing was saved: the number goes back, so a failed save costs nothing at the provider.
        await deps.sms.releaseNumber(twilioNumber).catch((releaseError: unknown) => {
          deps.onNumberNotReleased(twilioNumber, releaseError);
        });
        throw error;
      });
      await deps.auth.deliverNewAccountLink(linkId);
      return toClinicView((await clinics.findById(clinicId))!);
    },
  };
}

export type ClinicsService = ReturnType<typeof createClinicsService>;
