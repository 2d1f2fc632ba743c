import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { batched } from '../../db/batched.js';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import {
  type AuthTokenRow,
  authTokens,
  clinics,
  type SessionRow,
  sessions,
  users,
} from '../../db/schema/index.js';

export function createAuthRepository(db: DbOrTx) {
  return {
    async insertSession(values: { userId: string; tokenHash: string; ip: string | null }, now: Date) {
      const [row] = await db
        .insert(sessions)
        .values({ ...values, createdAt: now, lastSeenAt: now })
        .returning();
      return row!;
    },
    /**
     * The session with its user (who they are, for the request) and the user's and clinic's standing, which
     * decide whether it is still valid: one query, shared by the requests of one moment.
     */
    findSessionByTokenHash(tokenHash: string) {
      return findSession(db, tokenHash);
    },
    async touchSession(id: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },
    async endSession(id: string, reason: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ endedAt: now, endedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    },
    /** Ends every open session of a user, except one when given (the session that changed the password). */
    async endSessionsOfUser(
      userId: string,
      reason: string,
      now: Date,
      exceptSessionId?: string,
    ): Promise<void> {
      await db
        .update(sessions)
        .set({ endedAt: now, endedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.endedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
          ),
        );
    },
    async endSessionsOfClinic(clinicId: string, reason: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ endedAt: now, endedReason: reason })
        .where(
          and(
            isNull(sessions.endedAt),
            sql`${sessions.userId} in (select ${users.id} from ${users} where ${users.clinicId} = ${clinicId})`,
          ),
        );
    },
    /** Removes sessions and one-time tokens that have been dead since before the cutoff. */
    async deleteExpired(cutoff: Date): Promise<{ sessions: number; tokens: number }> {
      const deadSessions = await db
        .delete(sessions)
        .where(or(lt(sessions.endedAt, cutoff), lt(sessions.lastSeenAt, cutoff)))
        .returning({ id: sessions.id });
      const deadTokens = await db
        .delete(authTokens)
        .where(or(lt(authTokens.expiresAt, cutoff), lt(authTokens.usedAt, cutoff)))
        .returning({ id: authTokens.id });
      return { sessions: deadSessions.length, tokens: deadTokens.length };
    },
    async insertToken(
      values: Pick<AuthTokenRow, 'userId' | 'kind' | 'tokenHash' | 'expiresAt'>,
      now: Date,
    ): Promise<AuthTokenRow> {
      const [row] = await db
        .insert(authTokens)
        .values({ ...values, createdAt: now })
        .returning();
      return row!;
    },
    /** The newest unused, unexpired token of a kind: a new code or link supersedes the older ones. */
    async findLiveToken(userId: string, kinds: AuthTokenRow['kind'][], now: Date) {
      const rows = await db
        .select()
        .from(authTokens)
        .where(
          and(
            eq(authTokens.userId, userId),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, now),
            inArray(authTokens.kind, kinds),
          ),
        )
        .orderBy(desc(authTokens.createdAt));
      return rows;
    },
    /** How many tokens of a kind the user was given since `since` (used or not). */
    async countTokensSince(userId: string, kind: AuthTokenRow['kind'], since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(authTokens)
        .where(
          and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), gte(authTokens.createdAt, since)),
        );
      return row!.n;
    },
    async incrementTokenAttempts(id: string): Promise<number> {
      const [row] = await db
        .update(authTokens)
        .set({ attempts: sql`${authTokens.attempts} + 1` })
        .where(eq(authTokens.id, id))
        .returning({ attempts: authTokens.attempts });
      return row?.attempts ?? 0;
    },
    /** Marks a token used; answers false when another request consumed it first. */
    async consumeToken(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      return rows.length === 1;
    },
    /** Spends the user's unspent tokens of these kinds; answers the kinds of those that had not expired. */
    async consumeTokensOfUser(
      userId: string,
      kinds: AuthTokenRow['kind'][],
      now: Date,
    ): Promise<AuthTokenRow['kind'][]> {
      const spent = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt), inArray(authTokens.kind, kinds)))
        .returning({ kind: authTokens.kind, expiresAt: authTokens.expiresAt });
      return spent.filter((t) => t.expiresAt > now).map((t) => t.kind);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
export type { SessionRow };

/**
 * The sessions with their users and standing, prepared (`preparedOnce`): every authenticated request runs it,
 * and the requests of one moment share it (`batched`).
 */
const findSessionsQuery = (db: DbOrTx) =>
  db
    .select({
      session: sessions,
      user: {
        id: users.id,
        roleType: users.roleType,
        access: users.access,
        portal: users.portal,
        clinicId: users.clinicId,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      userDeactivated: users.isDeactivated,
      clinicActive: clinics.active,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .leftJoin(clinics, eq(users.clinicId, clinics.id))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`)
    .prepare('find_sessions_by_token_hash');

const findSession = batched(async (db, tokenHashes: string[]) => {
  const rows = await preparedOnce(db, findSessionsQuery).execute({ tokenHashes: [...new Set(tokenHashes)] });
  return tokenHashes.map((hash) => rows.find((row) => row.session.tokenHash === hash));
});
