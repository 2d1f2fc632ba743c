import { TZDate } from '@date-fns/tz';
import { defaultTimeZone, type FormSubmissionView, formTexts } from '@vigil/core';
import { format } from 'date-fns';

/** When a submission came in, in the clinics' Pacific time as the detail page shows every time (spec patients 1). */
export const formatSubmittedAt = (value: string) =>
  format(new TZDate(new Date(value).getTime(), defaultTimeZone), 'MM/dd/yyyy h:mm a');

/** Today's date in the patient's zone, as YYYY-MM-DD: the 'today' prefill of a new form. */
export const todayIn = (timeZone: string | null, now: Date = new Date()) =>
  format(new TZDate(now.getTime(), timeZone || defaultTimeZone), 'yyyy-MM-dd');

/** Who filled a submission: the staff member, the patient through a link, or the external form's host. */
export function submittedByName(submission: Pick<FormSubmissionView, 'submittedBy' | 'channel'>): string {
  if (submission.submittedBy) return submission.submittedBy.fullName;
  return submission.channel === 'PATIENT' ? formTexts.byPatient : formTexts.byExternal;
}
