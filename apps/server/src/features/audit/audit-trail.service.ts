import {
  AppError,
  type AuditTrailQuery,
  type AuditTrailResponse,
  auditTrailInstants,
  errorMessages,
  trackedTimeByDay,
} from '@vigil/core';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope } from '../patients/patient-scope.js';
import type { AuditService } from './audit.service.js';
import { createAuditTrailRepository } from './audit-trail.repository.js';

const dateRange = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', timeZone: 'UTC' });
const rangeWords = (q: AuditTrailQuery) =>
  [q.fromDate, q.endDate].map((d) => dateRange.format(new Date(`${d}T00:00:00Z`))).join(' - ');

/** The audit trail of one patient (spec patients 2.7, 7; decision 0012). */
export function createAuditTrailService(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;
  const repo = createAuditTrailRepository(db);

  return {
    async trail(
      actor: AuthUser,
      patientId: string,
      query: AuditTrailQuery,
      ip: string | null,
    ): Promise<AuditTrailResponse> {
      const patient = await repo.findPatient(patientScope(actor), patientId);
      if (!patient) throw new AppError('NOT_FOUND', errorMessages.notFound);
      const { from, to } = auditTrailInstants(query);
      // The events are read before this read's own event is written: the trail shows what was there.
      const [events, entries] = await Promise.all([
        repo.events(patient.id, from, to),
        repo.timeEntries(patient.id, from, to),
      ]);
      await audit.patientViewed(db, {
        actorUserId: actor.id,
        patient,
        view: 'audit-trail',
        message: `Viewed the audit trail (${rangeWords(query)})`,
        ip,
      });
      const byDay = trackedTimeByDay(entries);
      return {
        logs: events.map((e) => ({
          _id: e.id,
          date: e.occurredAt.toISOString(),
          message: typeof e.details?.message === 'string' ? e.details.message : e.action,
          user:
            e.firstName !== null && e.roleType !== null
              ? { firstName: e.firstName, lastName: e.lastName ?? '', role: { type: e.roleType } }
              : null,
          clinic: e.clinicName !== null ? { name: e.clinicName } : null,
        })),
        trackedTimeByDay: byDay,
        totalTrackedTime: Object.values(byDay).reduce((sum, s) => sum + s, 0),
      };
    },
  };
}

export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
