import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type ClinicRow, clinics, patientCareTeam, patients } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';

export type ClinicWithCounts = ClinicRow & {
  activePatients: number;
  inactivePatients: number;
  unassignedPatients: number;
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

export function createClinicsRepository(db: DbOrTx) {
  const selectWithCounts = () =>
    db
      .select({ clinic: clinics, ...counts })
      .from(clinics)
      .leftJoin(patients, eq(patients.clinicId, clinics.id))
      .groupBy(clinics.id);
  const flatten = (r: { clinic: ClinicRow } & Omit<ClinicWithCounts, keyof ClinicRow>): ClinicWithCounts => ({
    ...r.clinic,
    activePatients: r.activePatients,
    inactivePatients: r.inactivePatients,
    unassignedPatients: r.unassignedPatients,
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
