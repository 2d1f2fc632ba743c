import type { DbOrTx } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { storeOutboxAttachment } from '../outbox/outbox-attachments.js';
import type { ReportPatient } from './patient-report.repository.js';
import type { PatientReportData } from './pdf/patient-report-pdf.js';
import { patientReportFileName } from './pdf/patient-report-pdf.js';

/** Whether the patient may be emailed a report: the consent given on the form, and an address. */
export function reportEmailRefusal(patient: Pick<ReportPatient, 'email' | 'preferences'>) {
  if (patient.preferences.emailConsent !== 'Yes') return 'noEmailConsent' as const;
  if (!patient.email?.trim()) return 'noEmailAddress' as const;
  return null;
}

/** The email's words: who it is for, what is attached, and where to ask. No readings in the text. */
export function reportEmailText(patient: Pick<ReportPatient, 'firstName'>, data: PatientReportData) {
  return {
    subject: `Your ${data.title} for ${data.monthLabel}`,
    body: [
      `Hello ${patient.firstName},`,
      '',
      `Your ${data.title} for ${data.monthLabel} from ${data.clinic.name} is attached as a PDF.`,
      '',
      `If you have questions about it, please contact your care team at ${data.clinic.name}.`,
    ].join('\n'),
  };
}

/** The PDF stored for the outbox, before the transaction that queues it (a file write is not transactional). */
export function storeReportAttachment(storage: FileStorage, data: PatientReportData, pdf: Buffer) {
  return storeOutboxAttachment(storage, {
    fileName: patientReportFileName(data),
    contentType: 'application/pdf',
    bytes: pdf,
  });
}

/** Queues the report's email in the caller's transaction; answers the outbox id, to deliver after commit. */
export function queueReportEmail(
  outbox: OutboxService,
  tx: DbOrTx,
  patient: Pick<ReportPatient, 'clinicId' | 'email' | 'firstName'>,
  data: PatientReportData,
  attachment: Awaited<ReturnType<typeof storeReportAttachment>>,
): Promise<string> {
  const { subject, body } = reportEmailText(patient, data);
  return outbox.enqueueIn(tx, {
    channel: 'email',
    clinicId: patient.clinicId,
    to: patient.email!.trim(),
    subject,
    body,
    attachments: [attachment],
  });
}
