import {
  type AlertView,
  AppError,
  alertDescription,
  alertTypeCategory,
  type createAlertRequest,
  detailPageErrors,
  errorMessages,
  resolveThresholds,
} from '@vigil/core';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { AlertRow } from '../../db/schema/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { refreshPatientMetrics } from '../patients/patient-metrics.service.js';
import { patientScope } from '../patients/patient-scope.js';
import { formatAlertTime, toAlertView } from './alert-view.js';
import { type AlertPatient, createAlertsRepository } from './alerts.repository.js';

export type CreateAlertBody = z.output<ReturnType<typeof createAlertRequest>>;

export interface AlertsDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
}

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

/** The alert's wording as the detail page shows it, with the thresholds in force for the patient. */
const describe = (alert: AlertRow, patient: AlertPatient) =>
  alertDescription(alert, resolveThresholds(patient.clinicCustomAlerts, patient.customAlerts));

/**
 * The three alert actions of the detail page (spec patients 4, decision 0010). Each locks the patient,
 * changes the alert, refreshes the list metrics (the priority list's order changes at once) and appends a
 * readable audit event, all in one transaction. Anyone who can see the patient can act (spec patients 6).
 */
export function createAlertsService(deps: AlertsDeps) {
  const { db, clock, audit } = deps;

  async function event(
    tx: DbOrTx,
    actor: AuthUser,
    patient: AlertPatient,
    alert: AlertRow,
    action: string,
    message: string,
    ip: string | null,
    extra: Record<string, unknown> = {},
  ) {
    await audit.record(tx, {
      actorUserId: actor.id,
      clinicId: patient.clinicId,
      patientId: patient.id,
      action,
      entityType: 'alert',
      entityId: alert.id,
      message,
      details: { type: alert.type, category: alert.category, ...extra },
      ip,
    });
  }

  /** Runs a change of one alert of a visible patient, its patient locked; another clinic's alert is 404. */
  async function changeAlert<T>(
    actor: AuthUser,
    alertId: string,
    work: (tx: DbOrTx, patient: AlertPatient, alert: AlertRow) => Promise<T>,
  ): Promise<T> {
    const scope = patientScope(actor);
    const patientId = await createAlertsRepository(db).findPatientIdOfAlert(scope, alertId);
    if (!patientId) throw notFound();
    return db.transaction(async (tx) => {
      const repo = createAlertsRepository(tx);
      const patient = await repo.lockPatient(scope, patientId);
      const alert = patient && (await repo.findById(alertId));
      if (!patient || !alert) throw notFound();
      if (alert.dismissedAt) throw new AppError('CONFLICT', detailPageErrors.alertAlreadyCleared);
      return work(tx, patient, alert);
    });
  }

  return {
    /**
     * A staff-created alert (category Manual) starts snoozed until the chosen date. Each one stands on its
     * own: the one-alert-per-type rule of DESIGN 4 is for findings, and merging would move a reminder
     * that staff set.
     */
    async create(actor: AuthUser, body: CreateAlertBody, ip: string | null): Promise<{ alert: AlertView }> {
      const scope = patientScope(actor);
      const { alertType, snoozedUntilDate, customDescription } = body.alertData;
      return db.transaction(async (tx) => {
        const repo = createAlertsRepository(tx);
        const patient = await repo.lockPatient(scope, body.patientId);
        if (!patient) throw notFound();
        const now = clock.now();
        const alert = await repo.insert({
          clinicId: patient.clinicId,
          patientId: patient.id,
          category: alertTypeCategory[alertType],
          type: alertType,
          // The day staff raised it is the date the panel shows next to it.
          readingDate: now,
          snoozedUntil: snoozedUntilDate,
          customDescription: customDescription ?? null,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        await refreshPatientMetrics(tx, patient.id, now);
        const until = formatAlertTime(snoozedUntilDate, patient.timeZone);
        await event(
          tx,
          actor,
          patient,
          alert,
          'alert.created',
          `Created alert ${describe(alert, patient)}, snoozed until ${until}`,
          ip,
          {
            snoozedUntil: snoozedUntilDate.toISOString(),
          },
        );
        return { alert: toAlertView(alert) };
      });
    },

    async snooze(
      actor: AuthUser,
      alertId: string,
      snoozeUntil: Date,
      ip: string | null,
    ): Promise<{ alert: AlertView }> {
      return changeAlert(actor, alertId, async (tx, patient, alert) => {
        const now = clock.now();
        const updated = await createAlertsRepository(tx).update(alert.id, { snoozedUntil: snoozeUntil }, now);
        await refreshPatientMetrics(tx, patient.id, now);
        const until = formatAlertTime(snoozeUntil, patient.timeZone);
        await event(
          tx,
          actor,
          patient,
          updated,
          'alert.snoozed',
          `Snoozed alert ${describe(updated, patient)} until ${until}`,
          ip,
          {
            before: { snoozedUntil: alert.snoozedUntil?.toISOString() ?? null },
            after: { snoozedUntil: snoozeUntil.toISOString() },
          },
        );
        return { alert: toAlertView(updated) };
      });
    },

    /** Clears the alert; a clearing note is also saved as a staff note, in the same transaction. */
    async dismiss(
      actor: AuthUser,
      alertId: string,
      note: string | undefined,
      ip: string | null,
    ): Promise<{ alert: AlertView }> {
      const text = note?.trim() || null;
      return changeAlert(actor, alertId, async (tx, patient, alert) => {
        const repo = createAlertsRepository(tx);
        const now = clock.now();
        const updated = await repo.update(
          alert.id,
          { dismissedAt: now, dismissedBy: actor.id, dismissNote: text },
          now,
        );
        // Clearing "new text from the patient" is addressing the texts it was about: the panel's boxes
        // agree with the alert (DESIGN 4 says the reverse: marking them addressed dismisses it).
        if (alert.type === 'SMSUnseen' && alert.readingDate)
          await repo.markTextsAddressed(patient.id, alert.readingDate);
        const staffNoteId = text
          ? await repo.insertStaffNote({
              clinicId: patient.clinicId,
              patientId: patient.id,
              text,
              authorId: actor.id,
              at: now,
            })
          : null;
        await refreshPatientMetrics(tx, patient.id, now);
        const message = `Cleared alert ${describe(updated, patient)}${text ? ' with a staff note' : ''}`;
        await event(tx, actor, patient, updated, 'alert.dismissed', message, ip, { staffNoteId });
        return { alert: toAlertView(updated) };
      });
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
