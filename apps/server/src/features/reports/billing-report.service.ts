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
  type BillingFigures,
  type BillingMonth,
  type BillingSetup,
  createBillingReportRepository,
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
      const setups = await setupMonths(repo, range, figures, clock.now());

      const rows = figures.map((f) => {
        const setup = setups.get(f.patientId);
        const result = billingCodes({
          deviceReadingDays: f.deviceDays,
          trackedSeconds: f.trackedSeconds,
          interactiveCommunication: f.completedCall,
          enrolledAt: f.enrolledAt,
          billed99453Before: billedInAnotherMonth(setup, month, year, f.deviceDays),
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
            enrolledAt: f.enrolledAt,
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
 * 99453 is earned in the month its row names and in no other (decision 0013). A month before that one
 * shows what it lacked, unless it has the days now (readings that arrived late): then it is billed already.
 */
function billedInAnotherMonth(setup: BillingSetup | undefined, month: number, year: number, days: number) {
  if (!setup) return false;
  const named = setup.year * 12 + setup.month;
  const reported = year * 12 + month;
  return named < reported || (named > reported && days >= billingRules.setupDays);
}

export const patientCount = (n: number) => `${n} patient${n === 1 ? '' : 's'}`;

/**
 * The month that earned 99453 for each patient's current enrolment. Where none is recorded yet, the first
 * month up to this one with 2 days of device data earns it: that month is recorded (a row already written
 * by a report running at the same time stands) and read back, so every run gives the same answer.
 */
async function setupMonths(
  repo: ReturnType<typeof createBillingReportRepository>,
  range: BillingMonth,
  figures: readonly BillingFigures[],
  now: Date,
): Promise<Map<string, BillingSetup>> {
  const enrolment = new Map(figures.map((f) => [f.patientId, f.enrolledAt]));
  const current = (rows: readonly BillingSetup[]) =>
    new Map(
      rows
        .filter((r) => {
          const enrolledAt = enrolment.get(r.patientId);
          return enrolledAt !== undefined && sameInstant(r.enrolledAt, enrolledAt);
        })
        .map((r) => [r.patientId, r]),
    );
  const ids = figures.map((f) => f.patientId);
  const recorded = current(await repo.findSetupsByPatients(ids));
  const unrecorded = ids.filter((id) => !recorded.has(id));
  const earned = await repo.findFirstSetupMonths(range, unrecorded, billingRules.setupDays);
  if (!earned.length) return recorded;
  await repo.insertSetups(
    earned.map((e) => ({ ...e, clinicId: range.clinicId, enrolledAt: enrolment.get(e.patientId)! })),
    now,
  );
  return current(await repo.findSetupsByPatients(ids));
}

export type BillingReportService = ReturnType<typeof createBillingReportService>;
