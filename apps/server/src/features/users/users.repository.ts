import type { RoleType } from '@vigil/core';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
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
    /** As `findById`, with the user's row locked until the transaction ends (it is about to change). */
    async lockById(id: string): Promise<UserWithClinic | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectWithClinic().where(eq(users.id, id)).for('update', { of: users });
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
    /**
     * Active users for the patient pickers: clinic users of the given roles (in `clinicIds`, or any clinic
     * when null) and, with `navigators`, the operator portal's care navigators, who belong to no clinic.
     */
    async findPickerOptions(filter: {
      clinicRoles: readonly Exclude<RoleType, 'CARE_NAVIGATOR'>[];
      clinicIds: readonly string[] | null;
      navigators: boolean;
    }): Promise<{ id: string; firstName: string; lastName: string }[]> {
      const clinicIds = filter.clinicIds?.filter(isUuid) ?? null;
      const clinicUsers =
        filter.clinicRoles.length && (clinicIds === null || clinicIds.length)
          ? and(
              eq(users.portal, 'CLINIC'),
              inArray(users.roleType, [...filter.clinicRoles]),
              clinicIds ? inArray(users.clinicId, clinicIds) : undefined,
            )
          : undefined;
      const navigators = filter.navigators
        ? and(eq(users.portal, 'CIRCLE'), eq(users.roleType, 'CARE_NAVIGATOR'))
        : undefined;
      if (!clinicUsers && !navigators) return [];
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.isDeactivated, false), or(clinicUsers, navigators)))
        .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
    },
    /** Whether the installation has any account yet (a new production database has none). */
    async any(): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).limit(1);
      return rows.length > 0;
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
    /**
     * A user's sign-in failures and lock, read with the row locked until the transaction ends: attempts at
     * the same moment count one after the other, each seeing the lock the one before may have set.
     */
    async lockSignInState(
      id: string,
    ): Promise<Pick<UserRow, 'failedLoginCount' | 'lockedUntil'> | undefined> {
      const [row] = await db
        .select({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
