import type { SessionUser } from '@vigil/core';
import { paths } from '../../lib/paths';

/**
 * Where a user goes after signing in (spec administration 2, Login), for a user who is not on a temporary
 * password: a saved redirect other than '/', else the portal's or role's home.
 */
export function postLoginDestination(user: SessionUser, savedRedirect: string | null): string {
  if (
    savedRedirect &&
    savedRedirect !== '/' &&
    savedRedirect.startsWith('/') &&
    !savedRedirect.startsWith('//')
  )
    return savedRedirect;
  if (user.role.portal === 'CIRCLE') return paths.clinicDashboard;
  if (user.role.type === 'PHYSICIAN') return paths.clinicianPatientList;
  return paths.priorityList;
}

export function setPasswordUrl(token: string, userId: string): string {
  const query = new URLSearchParams({ token, id: userId, type: 'new' });
  return `${paths.setPassword}?${query.toString()}`;
}
