import { calendarDay } from '@vigil/core';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { createAuditService } from '../features/audit/audit.service.js';
import type { OutboxService } from '../features/outbox/outbox.service.js';
import {
  createPatientReportRepository,
  type MonthlyReportRecipient,
} from '../features/reports/patient-report.repository.js';
import { reportAuditName } from '../features/reports/patient-report.service.js';
import { queueReportEmail, storeReportAttachment } from '../features/reports/patient-report-email.js';
import {
  loadPatientReportData,
  renderPatientReportsPdf,
} from '../features/reports/pdf/patient-report-pdf.js';
import type { FileStorage } from '../integrations/storage/storage.js';

export const monthlyReportEmailQueue = 'monthly-report-email';

export interface MonthlyReportEmailDeps {
  db: Db;
  clock: Clock;
  outbox: OutboxService;
  storage: FileStorage;
}

/** The month before the one `now` falls in, on the clinic's calendar (month 1-12). */
export function previousMonth(now: Date, timeZone: string): { month: number; year: number } {
  const today = new Date(calendarDay(now, timeZone) * 86_400_000);
  const index = today.getUTCFullYear() * 12 + today.getUTCMonth() - 1;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}

/**
 * Emails one patient the previous month's New Version Blood Pressure report. The claim in
 * `monthly_report_emails` (unique per patient and month), the outbox message and the audit event are one
 * transaction: a second run, a retry or another worker finds the claim and sends nothing. The PDF is made
 * and stored before it, so a lost race leaves at most an unsent file. Answers whether this run sent it.
 */
async function sendOne(deps: MonthlyReportEmailDeps, recipient: MonthlyReportRecipient): Promise<boolean> {
  const repo = createPatientReportRepository(deps.db);
  const { month, year } = previousMonth(deps.clock.now(), recipient.clinicTimeZone);
  if (await repo.hasMonthlyReportEmail(recipient.id, year, month)) return false;
  const request = { patientId: recipient.id, type: 'data', version: 'new', month, year } as const;
  const data = await loadPatientReportData(deps.db, request, { now: deps.clock.now() });
  if (!data) return false;
  const attachment = await storeReportAttachment(deps.storage, data, await renderPatientReportsPdf([data]));
  const outboxId = await deps.db.transaction(async (tx) => {
    const txRepo = createPatientReportRepository(tx);
    const claimed = await txRepo.claimMonthlyReportEmail({
      patientId: recipient.id,
      clinicId: recipient.clinicId,
      year,
      month,
      createdAt: deps.clock.now(),
    });
    if (!claimed) return null;
    const id = await queueReportEmail(deps.outbox, tx, recipient, data, attachment);
    await txRepo.setMonthlyReportEmailOutbox(recipient.id, year, month, id);
    await createAuditService({ clock: deps.clock }).record(tx, {
      actorUserId: null,
      clinicId: recipient.clinicId,
      patientId: recipient.id,
      action: 'report.emailed',
      entityType: 'patient',
      entityId: recipient.id,
      message: `Emailed ${reportAuditName(request)} to the patient (monthly report)`,
      details: { ...request, monthly: true, outboxId: id },
    });
    return id;
  });
  if (!outboxId) return false;
  await deps.outbox.deliver(outboxId);
  return true;
}

/**
 * The monthly report email (decision 0013): every enrolled, active patient who gave email consent, chose
 * 'monthly report emailed' and has an address gets the previous month's report, once. One patient's failure
 * does not stop the others; the run then fails, so pg-boss retries it, and the retry sends only what is left.
 */
export async function sendMonthlyReportEmails(deps: MonthlyReportEmailDeps): Promise<{ sent: number }> {
  let sent = 0;
  const failures: unknown[] = [];
  for (const recipient of await createPatientReportRepository(deps.db).findMonthlyReportRecipients()) {
    try {
      if (await sendOne(deps, recipient)) sent++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) {
    throw new AggregateError(failures, `${failures.length} monthly report emails failed; ${sent} sent`);
  }
  return { sent };
}

/**
 * 12:00 UTC is the 1st in every US zone (Hawaii's 2 am). The 2nd and 3rd run again and send only what a
 * run missed (the server was down at noon on the 1st) or failed; on a normal month they find every claim.
 */
export async function startMonthlyReportEmail(boss: PgBoss, deps: MonthlyReportEmailDeps) {
  await boss.createQueue(monthlyReportEmailQueue, {
    policy: 'singleton',
    retryLimit: 3,
    retryDelay: 600,
    // Each report is rendered in turn: a clinic's thousands of patients take longer than the default 15 min.
    expireInSeconds: 4 * 3600,
  });
  await boss.schedule(monthlyReportEmailQueue, '0 12 1-3 * *');
  await boss.work(monthlyReportEmailQueue, async () => {
    await sendMonthlyReportEmails(deps);
  });
}
