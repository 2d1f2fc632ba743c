import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinics, type UserRow, users } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';

export type UserWithClinic = UserRow & { clinicName: string | null; clinicActive: boolean | null };

const withClinic = {
  user: users,
  clinicName: clinics.name,
  clinicActive: clinics.active,
};

export function createUsersRepository(db: DbOrTx) {
  const selectWithClinic = () =>
    db.select(withClinic).from(users).leftJoin(clinics, eq(users.clinicId, clinics.id));
  const flatten = (r: { user: UserRow; clinicName: string | null; clinicActive: boolean | null }) => ({
    ...r.user,
    clinicName: r.clinicName,
    clinicActive: r.clinicActive,
  });

  return {
    async findByEmail(email: string): Promise<UserWithClinic | undefined> {
      const [row] = await selectWithClinic().where(sql`lower(${users.email}) = lower(${email})`);
      return row && flatten(row);
    },
    async findById(id: string): Promise<UserWithClinic | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectWithClinic().where(eq(users.id, id));
      return row && flatten(row);
    },
    /** Users of one clinic, or of the operator portal when clinicId is null, leaving one user out. */
    async findByClinic(clinicId: string | null, excludeUserId: string): Promise<UserWithClinic[]> {
      const rows = await selectWithClinic()
        .where(
          and(
            clinicId ? eq(users.clinicId, clinicId) : and(isNull(users.clinicId), eq(users.portal, 'CIRCLE')),
            ne(users.id, excludeUserId),
          ),
        )
        .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`));
      return rows.map(flatten);
    },
    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = lower(${email})`,
            exceptUserId ? ne(users.id, exceptUserId) : undefined,
          ),
        );
      return rows.length > 0;
    },
    async insert(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async update(id: string, changes: Partial<Omit<UserRow, 'id' | 'createdAt'>>, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, id));
    },
    /** Counts a failed sign-in and answers the new count, atomically so parallel attempts all count. */
    async incrementFailedLogins(id: string): Promise<number> {
      const [row] = await db
        .update(users)
        .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
        .where(eq(users.id, id))
        .returning({ count: users.failedLoginCount });
      return row?.count ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
