import { type BillingCode, type BillingResult, billingCodeList } from '../billing/billing.rules.js';
import { formatDate } from '../format/text.helpers.js';

/** The billing CSV's columns (issue 12): who, the month's figures, each code's units, what is missing. */
export const billingCsvHeader = [
  'Patient Name',
  'DOB',
  'MR',
  'Physician',
  'Enrollment Date',
  'Device Days',
  'Tracked Minutes',
  'Completed Call',
  ...billingCodeList,
  'Missing',
] as const;

export interface BillingCsvPatient {
  fullName: string;
  /** MM/DD/YYYY as the patient form keeps it, or empty. */
  dateOfBirth: string;
  mr: string;
  physician: string;
  enrolledAt: Date | null;
  deviceDays: number;
  trackedSeconds: number;
  completedCall: boolean;
  timeZone: string;
}

/** One patient's row: each earned code's units, blank when not earned; what each unearned code lacks. */
export function billingCsvRow(patient: BillingCsvPatient, result: BillingResult): string[] {
  const units = new Map<BillingCode, number>(result.earned.map((l) => [l.code, l.units]));
  const missing = result.notEarned
    .filter((l) => l.missing)
    .map((l) => `${l.code}: ${l.missing}`)
    .join('; ');
  return [
    patient.fullName,
    patient.dateOfBirth,
    patient.mr,
    patient.physician,
    patient.enrolledAt ? formatDate(patient.enrolledAt, patient.timeZone) : '',
    String(patient.deviceDays),
    String(Math.floor(patient.trackedSeconds / 60)),
    patient.completedCall ? 'Yes' : 'No',
    ...billingCodeList.map((code) => (units.has(code) ? String(units.get(code)) : '')),
    missing,
  ];
}

/**
 * A spreadsheet runs a cell that begins with =, +, -, @, a tab or a carriage return as a formula: such a
 * cell is written with a leading apostrophe, which shows the text as typed (OWASP's CSV injection advice).
 */
export function escapeCsvFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** 'Billing - Sunrise Cardiology - Priya Raman - 2026-11.csv'; 'All physicians' without one. */
export function billingReportFileName(input: {
  clinicName: string;
  physicianName: string | null;
  month: number;
  year: number;
}): string {
  const safe = (text: string) =>
    text
      .replace(/[^\p{L}\p{N} .,'&()-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const month = `${input.year}-${String(input.month).padStart(2, '0')}`;
  return `Billing - ${safe(input.clinicName)} - ${safe(input.physicianName ?? 'All physicians')} - ${month}.csv`;
}
