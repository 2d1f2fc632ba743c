import { eq, type SQL, sql } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';
import type { AuthUser } from '../auth/auth-user.js';

/**
 * Which patients a signed-in user may see (DESIGN 3, tenancy): a CLINIC user their own clinic's, a CIRCLE
 * user every clinic's. This file is the one place where that rule is decided and where it becomes SQL:
 * every repository method that reads or writes patients takes a scope, so no query can forget it.
 */
export type PatientScope =
  | { readonly allClinics: true }
  | { readonly allClinics: false; readonly clinicId: string | null };

export function patientScope(user: AuthUser): PatientScope {
  return user.role.portal === 'CIRCLE'
    ? { allClinics: true }
    : { allClinics: false, clinicId: user.clinicId };
}

/** Whether a patient (or a new one) of this clinic lies inside the scope. */
export const scopeIncludesClinic = (scope: PatientScope, clinicId: string): boolean =>
  scope.allClinics || scope.clinicId === clinicId;

/**
 * The scope as a condition on `patients`. A clinic user without a clinic (which sign-up never creates)
 * sees nothing rather than everything.
 */
export function scopeCondition(scope: PatientScope): SQL {
  if (scope.allClinics) return sql`true`;
  return scope.clinicId ? eq(patients.clinicId, scope.clinicId) : sql`false`;
}

/** The clinic a scope is fixed to, if any: a clinic user's list filters never look past it. */
export const scopeClinicId = (scope: PatientScope): string | null =>
  scope.allClinics ? null : scope.clinicId;

/**
 * The same rule for a prepared query (`preparedOnce`), whose text cannot depend on the scope: the condition
 * takes the placeholders `scopeAll` and `scopeClinicId`, and `scopeValues` gives them. A clinic user without
 * a clinic compares with null, which holds for no patient.
 */
export const preparedScopeCondition = (): SQL =>
  sql`(${sql.placeholder('scopeAll')}::boolean or ${patients.clinicId} = ${sql.placeholder('scopeClinicId')})`;

export const scopeValues = (scope: PatientScope) => ({
  scopeAll: scope.allClinics,
  scopeClinicId: scopeClinicId(scope),
});
