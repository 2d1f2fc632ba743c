import type { CallLogView } from '@vigil/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { calls, patients } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

export function createCallsRepository(db: DbOrTx) {
  return {
    /** Locks a visible patient's row for the transaction; undefined for an unknown or other clinic's id. */
    async lockPatient(
      scope: PatientScope,
      patientId: string,
    ): Promise<{ id: string; clinicId: string } | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select({ id: patients.id, clinicId: patients.clinicId })
        .from(patients)
        .where(and(eq(patients.id, patientId), scopeCondition(scope)))
        .for('update');
      return row;
    },

    async insert(values: typeof calls.$inferInsert): Promise<string> {
      const [row] = await db.insert(calls).values(values).returning({ id: calls.id });
      return row!.id;
    },

    /** The latest completed and attempted call of a patient (the detail page's header). */
    async findLatest(patientId: string): Promise<CallLogView> {
      const [row] = await db
        .select({
          completed: sql<Date | null>`max(${calls.at}) filter (where ${calls.outcome} = 'completed')`.mapWith(
            calls.at,
          ),
          attempted: sql<Date | null>`max(${calls.at}) filter (where ${calls.outcome} = 'attempted')`.mapWith(
            calls.at,
          ),
        })
        .from(calls)
        .where(eq(calls.patientId, patientId));
      return {
        lastCompletedCall: row?.completed?.toISOString() ?? null,
        lastAttemptedCall: row?.attempted?.toISOString() ?? null,
      };
    },
  };
}
