import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type ClinicRow, clinics, patientCareTeam, patients, users } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';

export type ClinicWithCounts = ClinicRow & {
  activePatients: number;
  inactivePatients: number;
  unassignedPatients: number;
  /** The clinic's admin as the account is now (see `currentAdmin`). */
  admin: { phone: string | null; email: string | null };
};

/**
 * The dashboard's counts mean what the patient lists' filters mean (DESIGN 4): active is active and
 * enrolled, inactive is every other patient, unassigned is no care navigator on the care team yet.
 */
const activeAndEnrolled = sql`(${patients.active} and ${patients.enrolled})`;
const hasNavigator = sql`exists (select 1 from ${patientCareTeam} ct
  where ct.patient_id = ${patients.id} and ct.role = 'CARE_NAVIGATOR')`;
const counts = {
  activePatients: sql<number>`(count(${patients.id}) filter (where ${activeAndEnrolled}))::int`,
  inactivePatients: sql<number>`(count(${patients.id}) filter (where not ${activeAndEnrolled}))::int`,
  unassignedPatients: sql<number>`(count(${patients.id}) filter (where not ${hasNavigator}))::int`,
};

/**
 * The clinic's admin contact as it is now: the first active admin account of the clinic, with the phone and
 * email it has today (its user may change them), else the contact given when the clinic was created.
 */
const currentAdmin = (column: 'phone' | 'email') => {
  const fallback = column === 'phone' ? clinics.adminPhone : clinics.adminEmail;
  return sql<string | null>`coalesce((select u.${sql.raw(column)} from ${users} u
    where u.clinic_id = ${clinics.id} and u.access = 'ADMIN' and not u.is_deactivated
    order by u.created_at, u.id limit 1), ${fallback})`;
};

export function createClinicsRepository(db: DbOrTx) {
  const selectWithCounts = () =>
    db
      .select({
        clinic: clinics,
        ...counts,
        adminPhone: currentAdmin('phone'),
        adminEmail: currentAdmin('email'),
      })
      .from(clinics)
      .leftJoin(patients, eq(patients.clinicId, clinics.id))
      .groupBy(clinics.id);
  const flatten = (
    r: { clinic: ClinicRow; adminPhone: string | null; adminEmail: string | null } & Omit<
      ClinicWithCounts,
      keyof ClinicRow | 'admin'
    >,
  ): ClinicWithCounts => ({
    ...r.clinic,
    activePatients: r.activePatients,
    inactivePatients: r.inactivePatients,
    unassignedPatients: r.unassignedPatients,
    admin: { phone: r.adminPhone, email: r.adminEmail },
  });

  return {
    /** Clinics sorted by name, case-insensitive (spec administration 3). */
    async findAll(filter: { activeOnly?: boolean; clinicId?: string | null }): Promise<ClinicWithCounts[]> {
      const conditions = [];
      if (filter.activeOnly) conditions.push(eq(clinics.active, true));
      if (filter.clinicId) conditions.push(eq(clinics.id, filter.clinicId));
      const rows = await selectWithCounts()
        .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
        .orderBy(asc(sql`lower(${clinics.name})`));
      return rows.map(flatten);
    },
    /** The clinic's own row, locked until the transaction ends (it is about to change). */
    async lockById(id: string): Promise<ClinicRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(clinics).where(eq(clinics.id, id)).for('update');
      return row;
    },
    async findById(id: string): Promise<ClinicWithCounts | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectWithCounts().where(eq(clinics.id, id));
      return row && flatten(row);
    },
    async slugTaken(slug: string): Promise<boolean> {
      const rows = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.slug, slug));
      return rows.length > 0;
    },
    async insert(values: typeof clinics.$inferInsert): Promise<ClinicRow> {
      const [row] = await db.insert(clinics).values(values).returning();
      return row!;
    },
    async update(
      id: string,
      changes: Partial<Omit<ClinicRow, 'id' | 'createdAt'>>,
      now: Date,
    ): Promise<void> {
      await db
        .update(clinics)
        .set({ ...changes, updatedAt: now })
        .where(eq(clinics.id, id));
    },
  };
}

export type ClinicsRepository = ReturnType<typeof createClinicsRepository>;
