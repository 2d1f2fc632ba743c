import type { ReportVersion } from './reports.constants.js';

/** A monitoring batch report in `GET /reports?userId=` (spec administration 3 'Report'; decision 0013). */
export interface ReportView {
  _id: string;
  fileName: string;
  status: 'pending' | 'done' | 'failed';
  /** Why it failed, in words, when it did. */
  failureReason: string | null;
  month: number;
  year: number;
  version: ReportVersion;
  clinic: { _id: string; name: string };
  /** Null: every physician of the clinic. */
  physician: { _id: string; fullName: string } | null;
  createdAt: string;
}

/** `GET /reports/first-reading-date`: the earliest reading the user may see, or null when there is none. */
export interface FirstReadingDate {
  date: string | null;
}

/** The /account Reports section and the Export Data Report dialog: the labels the spec gives them. */
/** Monitoring reports one user may have waiting to be built at once (ours: the spec sets no limit). */
export const maxPendingReportsPerUser = 10;

export const reportTexts = {
  section: 'Reports',
  billing: 'Billing',
  monitoring: 'Monitoring',
  month: 'Month',
  clinic: 'Clinic',
  physician: 'Physician',
  version: 'Version',
  download: 'Download',
  failed: 'Failed',
  pending: 'Pending',
  generate: 'Generate',
  generating: 'Generating...',
  emailReport: 'Email Report',
  sending: 'Sending...',
  cancel: 'Cancel',
  reportType: 'Report type',
  exportDataReport: 'Export Data Report',
  reports: 'Reports',
  generatedReports: 'Generated reports',
  noReports: 'No reports generated yet.',
  // The product's own wording: the spec leaves these unwritten.
  noEmailConsent: 'This patient has not agreed to receive email.',
  noEmailAddress: 'This patient has no email address.',
  reportNotReady: 'This report is not ready to download.',
  tooManyPending: `You have ${maxPendingReportsPerUser} reports still being built. Please wait for one to finish before generating another.`,
} as const;
