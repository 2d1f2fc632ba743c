import { AppError, errorMessages } from '@vigil/core';
import type { AuthUser } from '../auth/auth-user.js';

export const isAdmin = (actor: AuthUser) => actor.role.access === 'ADMIN';

/** Spec administration 6: operator-portal admins and users, and clinic admins, see the users list. */
export const maySeeUsersList = (actor: AuthUser) => actor.role.portal === 'CIRCLE' || isAdmin(actor);

export function requireAdmin(actor: AuthUser) {
  if (!isAdmin(actor)) throw new AppError('FORBIDDEN', errorMessages.adminOnly);
}

/**
 * The clinic a request works in. A clinic user always works in their own clinic: naming another one
 * answers 404, so its existence is not revealed. An operator user may name any clinic, or none.
 */
export function clinicScope(actor: AuthUser, requestedClinicId: string | null | undefined): string | null {
  if (actor.role.portal === 'CLINIC') {
    if (requestedClinicId && requestedClinicId !== actor.clinicId)
      throw new AppError('NOT_FOUND', errorMessages.notFound);
    return actor.clinicId;
  }
  return requestedClinicId ?? null;
}

/** Whether a user of the given clinic is visible to the actor at all. */
export const mayView = (actor: AuthUser, targetClinicId: string | null) =>
  actor.role.portal === 'CIRCLE' || targetClinicId === actor.clinicId;
