import { AppError, allPhysicians, errorMessages, messages } from '@vigil/core';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope, scopeClinicId, scopeIncludesClinic } from '../patients/patient-scope.js';
import type { ReportClinic, ReportPhysician, ReportsRepository } from './reports.repository.js';

/** Whose patients a billing or monitoring report covers: a clinic, and one physician or all of them. */
export interface ReportTarget {
  clinic: ReportClinic;
  /** Null: every physician of the clinic. */
  physician: ReportPhysician | null;
}

export const physicianName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * The clinic and physician a report call names, as the signed-in user may see them (decision 0013): a
 * CLINIC user's missing clinic is theirs and another clinic is 404; a CIRCLE user must name one. A physician
 * who is not the clinic's is 404; none (or 'all') means every physician.
 */
export async function resolveReportTarget(
  repo: ReportsRepository,
  user: AuthUser,
  request: { clinic?: string | undefined; physician?: string | undefined },
): Promise<ReportTarget> {
  const scope = patientScope(user);
  const clinicId = request.clinic?.trim() || scopeClinicId(scope);
  if (!clinicId) throw new AppError('VALIDATION', messages.required, { clinic: messages.required });
  const clinic = scopeIncludesClinic(scope, clinicId) ? await repo.findClinicById(clinicId) : undefined;
  if (!clinic) throw new AppError('NOT_FOUND', errorMessages.notFound);
  const physicianId = request.physician?.trim();
  if (!physicianId || physicianId === allPhysicians) return { clinic, physician: null };
  const physician = await repo.findPhysicianInClinic(clinic.id, physicianId);
  if (!physician) throw new AppError('NOT_FOUND', errorMessages.notFound);
  return { clinic, physician };
}

/** 'Sunrise Cardiology (Priya Raman) for 11/2026': how audit messages name a report's reach. */
export function reportReachText(target: ReportTarget, month: number, year: number): string {
  const who = target.physician ? ` (${physicianName(target.physician)})` : '';
  return `${target.clinic.name}${who} for ${String(month).padStart(2, '0')}/${year}`;
}
