import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { createAuthRepository } from '../features/auth/auth.repository.js';

export const purgeAuthQueue = 'auth-purge';
/** Dead sessions and tokens are kept a while for investigations; sign-ins themselves stay in the audit log. */
export const authRetentionDays = 30;

export function purgeExpiredAuth(deps: { db: Db; clock: Clock }) {
  const cutoff = new Date(deps.clock.now().getTime() - authRetentionDays * 86_400_000);
  return createAuthRepository(deps.db).deleteExpired(cutoff);
}

/** Every night at 03:17 UTC, a quiet hour for US clinics. */
export async function startPurgeAuth(boss: PgBoss, deps: { db: Db; clock: Clock }) {
  await boss.createQueue(purgeAuthQueue);
  await boss.schedule(purgeAuthQueue, '17 3 * * *');
  await boss.work(purgeAuthQueue, async () => {
    await purgeExpiredAuth(deps);
  });
}
