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

/** The physician choice of the report calls that means every physician of the clinic (decision 0013). */
export const allPhysicians = 'all';
export const allPhysiciansLabel = 'All physicians';

/** A name as it may stand in a file name: only letters, digits, spaces and a few harmless marks. */
const fileNameText = (text: string) =>
  text
    .replace(/[^\p{L}\p{N} .,'&()-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface ReportFileNameInput {
  clinicName: string;
  /** Null: every physician of the clinic. */
  physicianName: string | null;
  month: number;
  year: number;
}

const reportFileName = (kind: string, extension: string, input: ReportFileNameInput) => {
  const month = `${input.year}-${String(input.month).padStart(2, '0')}`;
  const physician = fileNameText(input.physicianName ?? allPhysiciansLabel);
  return `${kind} - ${fileNameText(input.clinicName)} - ${physician} - ${month}.${extension}`;
};

/** 'Billing - Sunrise Cardiology - Priya Raman - 2026-11.csv'; 'All physicians' without one. */
export const billingReportFileName = (input: ReportFileNameInput): string =>
  reportFileName('Billing', 'csv', input);

/** 'Monitoring - Sunrise Cardiology - Priya Raman - 2026-11.pdf': a monitoring batch report's file. */
export const monitoringReportFileName = (input: ReportFileNameInput): string =>
  reportFileName('Monitoring', 'pdf', input);
