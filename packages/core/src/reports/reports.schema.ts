import { numberOrText, requiredText } from '../format/fields.schema.js';
import { z } from '../format/zod.js';
import { messages } from '../messages.js';
import { patientReportTypes, reportKinds, reportVersions } from './reports.constants.js';

const required = requiredText;
const month = numberOrText(z.number().int().min(1, messages.required).max(12));
// At most 9998: a report's period ends on the first day after it, which must be a date the database holds.
const year = numberOrText(z.number().int().min(2018).max(9998));

/**
 * The admin Reports section: physician and clinic required; billing also requires a month. Monitoring
 * without a month means the current month.
 */
export const AdminReportForm = z
  .object({
    kind: z.enum(reportKinds),
    clinic: required,
    physician: required,
    month: month.optional(),
    year: year.optional(),
    version: z.enum(reportVersions).default('old'),
  })
  .superRefine(
    (r, ctx) => {
      if (r.kind === 'billing' && (r.month === undefined || r.year === undefined))
        ctx.addIssue({ code: 'custom', message: messages.required, path: ['month'] });
    },
    // Shown together with the other missing fields, not after them.
    { when: () => true },
  );
export type AdminReportForm = z.input<typeof AdminReportForm>;

/** POST /reports/generate-batch body. */
export const GenerateReportRequest = z.object({
  month,
  year,
  physician: required,
  clinic: required,
  userId: z.string().optional(),
  version: z.enum(reportVersions).default('old'),
});

/** GET /reports/billing query: clinic optional. */
export const BillingReportQuery = z.object({
  month,
  year,
  physician: required,
  clinic: z.string().optional(),
});

/** The Export Data Report dialog: type, month and version are all required. */
export const PatientReportForm = z.object({
  type: z.enum(patientReportTypes),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, messages.required),
  version: z.enum(reportVersions),
});
export type PatientReportForm = z.infer<typeof PatientReportForm>;

/** GET /reports/patient query. */
export const PatientReportQuery = z.object({
  type: z.enum(patientReportTypes),
  month,
  year,
  physician: z.string().optional(),
  patient: required,
  version: z.enum(reportVersions),
  sendMail: z.stringbool().optional(),
});
