import type { SessionUser } from '@vigil/core';
import type { UserWithClinic } from './users.repository.js';

/** The user as the API shows it: the spec's field names, never the password hash or lockout state. */
export function toSessionUser(user: UserWithClinic): SessionUser {
  return {
    userId: user.id,
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    avatar: user.avatarUrl,
    admin: user.access === 'ADMIN',
    role: { type: user.roleType, access: user.access, portal: user.portal },
    clinic: user.clinicId,
    clinicId: user.clinicId,
    clinicName: user.clinicName,
    isTemporaryPassword: user.isTemporaryPassword,
    timeTrackingEnabled: user.timeTrackingEnabled,
    twoFactorType: user.twoFactorType,
    emergencyProtocol: user.emergencyProtocol,
    storedFilters: user.storedFilters,
    clinicStoredFilters: user.clinicStoredFilters,
    graphFilterData: user.graphFilterData,
  };
}

/** A user as administrators see them in lists and forms: the session shape plus the active standing. */
export function toUserView(user: UserWithClinic) {
  return { ...toSessionUser(user), isDeactivated: user.isDeactivated };
}
export type UserView = ReturnType<typeof toUserView>;
