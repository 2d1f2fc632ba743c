import type { Role } from '@vigil/core';

/** The signed-in user of a request, as the auth plugin establishes it for services. */
export interface AuthUser {
  id: string;
  sessionId: string;
  role: Role;
  clinicId: string | null;
  firstName: string;
  lastName: string;
}
