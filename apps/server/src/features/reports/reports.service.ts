import type { FirstReadingDate } from '@vigil/core';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope } from '../patients/patient-scope.js';
import { createReportsRepository } from './reports.repository.js';

/** What the Reports section asks before any report: where its months start. */
export function createReportsService(deps: { db: Db }) {
  return {
    /** The earliest reading (not removed) the user may see: the Reports section's months start there. */
    async firstReadingDate(actor: AuthUser): Promise<FirstReadingDate> {
      const first = await createReportsRepository(deps.db).findFirstReadingAt(patientScope(actor));
      return { date: first?.toISOString() ?? null };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
