import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from './patient-scope.js';

/** A patient the scope lets the user see, with its clinic; undefined for any other id (a 404 to the user). */
export async function findScopedPatient(
  db: DbOrTx,
  scope: PatientScope,
  patientId: string,
): Promise<{ id: string; clinicId: string } | undefined> {
  if (!isUuid(patientId)) return undefined;
  const [row] = await db
    .select({ id: patients.id, clinicId: patients.clinicId })
    .from(patients)
    .where(and(eq(patients.id, patientId), scopeCondition(scope)));
  return row;
}
