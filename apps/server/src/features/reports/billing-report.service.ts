import {
  type BillingReportQuery,
  billingCodes,
  billingCsvHeader,
  billingCsvRow,
  billingReportFileName,
  billingRules,
  escapeCsvFormula,
  monthDays,
  startOfCalendarDay,
} from '@vigil/core';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import {
  type BillingMonth,
  type BillingSetup,
  createBillingReportRepository,
  type EnrolmentPeriod,
} from './billing-report.repository.js';
import { physicianName, reportReachText, resolveReportTarget } from './report-target.js';
import { createReportsRepository } from './reports.repository.js';

export type BillingReportRequest = Omit<z.output<typeof BillingReportQuery>, 'physician'> & {
  physician?: string | undefined;
};

export interface BillingReportFile {
  fileName: string;
  csv: string;
}

const dayMs = 86_400_000;
const isoDay = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
/** The patient form's MM/DD/YYYY from the stored YYYY-MM-DD. */
const formDate = (isoDate: string | null) =>
  isoDate ? `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}` : '';
const sameInstant = (a: Date, b: Date) => a.getTime() === b.getTime();

/** A clinic's calendar month (DESIGN 4: days are calendar days in the clinic's zone). */
export function billingMonth(
  clinic: { id: string; timeZone: string },
  month: number,
  year: number,
): BillingMonth {
  const { first, last } = monthDays(month, year);
  return {
    clinicId: clinic.id,
    timeZone: clinic.timeZone,
    start: startOfCalendarDay(first, clinic.timeZone),
    end: startOfCalendarDay(last + 1, clinic.timeZone),
    firstDay: isoDay(first),
    lastDay: isoDay(last),
  };
}

/**
 * The billing CSV (issue 12; decision 0013): one row per enrolled patient of the physician (or of every
 * physician) in the clinic, with the month's figures, the codes core's `billingCodes` gives them, and what
 * each unearned code lacks. Reading it is an audit event that names the clinic, the month and the patients.
 */
export function createBillingReportService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  return {
    async billingReport(
      actor: AuthUser,
      request: BillingReportRequest,
      ip: string | null,
    ): Promise<BillingReportFile> {
      const target = await resolveReportTarget(createReportsRepository(db), actor, request);
      const { clinic } = target;
      const { month, year } = request;
      const range = billingMonth(clinic, month, year);
      const repo = createBillingReportRepository(db);
      const figures = await repo.findFiguresByClinic(range, target.physician?.id ?? null);
      const periods = await repo.findPeriodsInMonth(
        range,
        figures.map((f) => f.patientId),
      );
      const setups = await setupMonths(repo, range, periods, clock.now());
      // The enrolment in force in the month: the latest that overlaps it.
      const inForce = new Map(periods.map((p) => [p.patientId, p]));

      const rows = figures.map((f) => {
        const period = inForce.get(f.patientId);
        const result = billingCodes({
          deviceReadingDays: f.deviceDays,
          trackedSeconds: f.trackedSeconds,
          interactiveCommunication: f.completedCall,
          // No enrolment overlaps the month: nothing is earned in it.
          enrolledAt: period?.startedAt ?? null,
          billed99453Before:
            !!period &&
            billedInAnotherMonth(setups.get(f.patientId) ?? [], period, month, year, f.deviceDays),
          month,
          year,
          timeZone: clinic.timeZone,
        });
        return billingCsvRow(
          {
            fullName: `${f.firstName} ${f.lastName}`,
            dateOfBirth: formDate(f.dateOfBirth),
            mr: f.mr ?? '',
            physician: f.physician ? physicianName(f.physician) : '',
            // With no enrolment in the month, the latest, as a month before the enrolment shows it.
            enrolledAt: period?.startedAt ?? f.enrolledAt,
            deviceDays: f.deviceDays,
            trackedSeconds: f.trackedSeconds,
            completedCall: f.completedCall,
            timeZone: clinic.timeZone,
          },
          result,
        );
      });
      const csv = stringify(
        [[...billingCsvHeader], ...rows].map((row) => row.map(escapeCsvFormula)),
        {
          // Excel reads a CSV without a byte order mark as the local code page, garbling accented names.
          bom: true,
          record_delimiter: 'windows',
        },
      );

      // A read of many patients at once: one event with no patient, naming the clinic and every patient.
      const patientIds = figures.map((f) => f.patientId);
      await audit.patientsListed(db, {
        actorUserId: actor.id,
        clinicId: clinic.id,
        list: 'billing-report',
        patientIds,
        message: `Downloaded the billing report of ${reportReachText(target, month, year)} (${patientCount(patientIds.length)})`,
        details: { month, year, physicianId: target.physician?.id ?? null },
        ip,
      });
      const fileName = billingReportFileName({
        clinicName: clinic.name,
        physicianName: target.physician ? physicianName(target.physician) : null,
        month,
        year,
      });
      return { fileName, csv };
    },
  };
}

/**
 * 99453 is earned in the month a row of the month's enrolments names and in no other (decision 0013). A
 * month no row names has it billed already when the enrolment in force earned it earlier, or when the month
 * has the days all the same (readings that arrived late, or days of two enrolments that neither reaches
 * alone); otherwise it shows what it lacks.
 */
function billedInAnotherMonth(
  setups: readonly BillingSetup[],
  inForce: EnrolmentPeriod,
  month: number,
  year: number,
  days: number,
) {
  const named = (setup: BillingSetup) => setup.year * 12 + setup.month;
  const reported = year * 12 + month;
  if (setups.some((s) => named(s) === reported)) return false;
  const own = setups.find((s) => sameInstant(s.enrolledAt, inForce.startedAt));
  return days >= billingRules.setupDays || (!!own && named(own) < reported);
}

export const patientCount = (n: number) => `${n} patient${n === 1 ? '' : 's'}`;

/**
 * The month that earned 99453 for each of the enrolments that overlap the month, by patient. Where none is
 * recorded yet, the enrolment's first month up to this one with 2 days of device data inside it earns it:
 * that month is recorded (a row already written by a report running at the same time stands) and read back,
 * so every run gives the same answer. A recorded month stands while it keeps its 2 days: once a removed
 * reading leaves it fewer, it is forgotten and earned again, or 99453 would be billed in no month.
 */
async function setupMonths(
  repo: ReturnType<typeof createBillingReportRepository>,
  range: BillingMonth,
  periods: readonly EnrolmentPeriod[],
  now: Date,
): Promise<Map<string, BillingSetup[]>> {
  const key = (patientId: string, startedAt: Date) => `${patientId} ${startedAt.getTime()}`;
  const inMonth = new Set(periods.map((p) => key(p.patientId, p.startedAt)));
  const ofPeriods = (rows: readonly BillingSetup[]) => {
    const byPatient = new Map<string, BillingSetup[]>();
    for (const r of rows.filter((r) => inMonth.has(key(r.patientId, r.enrolledAt)))) {
      const own = byPatient.get(r.patientId);
      if (own) own.push(r);
      else byPatient.set(r.patientId, [r]);
    }
    return byPatient;
  };
  const ids = [...new Set(periods.map((p) => p.patientId))];
  await repo.deleteLapsedSetups(
    range.timeZone,
    periods.map((p) => p.id),
    billingRules.setupDays,
  );
  const recorded = await repo.findSetupsByPatients(ids);
  const done = new Set(recorded.map((r) => key(r.patientId, r.enrolledAt)));
  const unrecorded = periods.filter((p) => !done.has(key(p.patientId, p.startedAt)));
  const earned = await repo.findFirstSetupMonths(
    range,
    unrecorded.map((p) => p.id),
    billingRules.setupDays,
  );
  if (!earned.length) return ofPeriods(recorded);
  const byId = new Map(periods.map((p) => [p.id, p]));
  await repo.insertSetups(
    earned.map(({ periodId, month, year }) => {
      const period = byId.get(periodId)!;
      return {
        patientId: period.patientId,
        enrolledAt: period.startedAt,
        clinicId: range.clinicId,
        month,
        year,
      };
    }),
    now,
  );
  return ofPeriods(await repo.findSetupsByPatients(ids));
}

export type BillingReportService = ReturnType<typeof createBillingReportService>;
