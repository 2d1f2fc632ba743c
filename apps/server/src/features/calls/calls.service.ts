import { AppError, type CallLogView, errorMessages } from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { refreshPatientMetrics } from '../patients/patient-metrics.service.js';
import { patientScope } from '../patients/patient-scope.js';
import { createCallsRepository } from './calls.repository.js';

export type CallOutcome = 'attempted' | 'completed';

const auditMessage: Record<CallOutcome, string> = {
  attempted: 'Logged an attempted call',
  completed: 'Logged a completed call',
};

/**
 * 'Log new call' on the detail page (spec patients 4): a call at the server's now, by the signed-in user.
 * Last Completed Call, Last Attempted Call and '# of Calls Attempted' are list figures, so the metrics
 * (and the day's rollup, which counts calls for past months) are refreshed in the same transaction.
 */
export function createCallsService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  return {
    async log(
      actor: AuthUser,
      patientId: string,
      outcome: CallOutcome,
      ip: string | null,
    ): Promise<CallLogView> {
      return db.transaction(async (tx) => {
        const repo = createCallsRepository(tx);
        const patient = await repo.lockPatient(patientScope(actor), patientId);
        if (!patient) throw new AppError('NOT_FOUND', errorMessages.notFound);
        const now = clock.now();
        const callId = await repo.insert({
          clinicId: patient.clinicId,
          patientId: patient.id,
          userId: actor.id,
          outcome,
          at: now,
        });
        await refreshPatientMetrics(tx, patient.id, now, [now]);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'call.logged',
          entityType: 'call',
          entityId: callId,
          message: auditMessage[outcome],
          details: { outcome },
          ip,
        });
        return repo.findLatest(patient.id);
      });
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
