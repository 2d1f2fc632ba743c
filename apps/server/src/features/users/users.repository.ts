import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinics, type UserRow, users } from '../../db/schema/index.js';

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
      const [row] = await selectWithClinic().where(eq(users.id, id));
      return row && flatten(row);
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
