import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/sign-out ends the server's session. Its failure is ignored: the browser forgets the
 * session either way, and an already ended session answers 401.
 */
export async function signOutOnServer(): Promise<void> {
  try {
    await api.post<void>('/auth/sign-out');
  } catch {
    // Ignored on purpose, see above.
  }
}
