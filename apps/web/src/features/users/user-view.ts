import type { SessionUser } from '@vigil/core';

/**
 * A user as the users API answers (GET/PUT/POST /api/users...): the session's shape plus whether the account
 * is deactivated. The server builds it from the same core SessionUser schema.
 */
export type UserView = SessionUser & { isDeactivated: boolean };
