import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  type FormChangedMessage,
  type FormSubmittedMessage,
  formChangedMessage,
  formSubmittedMessage,
  formTexts,
  labels,
} from '@vigil/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { useFormSubmission } from '../api/get-form-submission';
import { useHostedForm } from '../api/get-hosted-form';
import { useSubmitForm } from '../api/submit-form';
import { staffUploadPath } from '../api/upload-form-file';
import { FormAnswersList } from '../components/form-answers-list';
import { type FormFiles, FormSurvey, hashAnswers } from '../components/form-survey';

const isFramed = () => window.parent !== window;

/** The user actions the detail page's inactivity watch counts (app/inactivity). */
const activityEvents = ['mousemove', 'mousedown', 'keypress', 'scroll'] as const;

/**
 * What the user does in the frame does not reach the page around it, whose inactivity watch would then
 * sign out someone busy filling a long form. The frame passes its activity on (at most once a second) as
 * an event on the parent's window, where the watch listens; the frame itself runs no watch of its own.
 */
function useActivityForParent() {
  useEffect(() => {
    if (!isFramed()) return;
    let last = 0;
    const handleActivity = () => {
      const now = Date.now();
      if (now - last < 1_000) return;
      last = now;
      window.parent.dispatchEvent(new Event('keypress'));
    };
    for (const type of activityEvents) {
      window.addEventListener(type, handleActivity, { capture: true, passive: true });
    }
    return () => {
      for (const type of activityEvents) window.removeEventListener(type, handleActivity, { capture: true });
    };
  }, []);
}

function staffFiles(patientId: string): FormFiles {
  return { uploadPath: staffUploadPath(patientId), canDownload: true };
}

/** A new (or duplicated) form for a patient: the current version, prefilled from the frame's URL. */
function NewForm({
  formId,
  patientId,
  params,
}: {
  formId: string;
  patientId: string;
  params: URLSearchParams;
}) {
  const form = useHostedForm(formId, patientId);
  const submit = useSubmitForm();
  const [done, setDone] = useState(false);
  const answers = useMemo(() => hashAnswers(params), [params]);
  const files = useMemo(() => staffFiles(patientId), [patientId]);
  const version = form.data?.version;
  const { mutateAsync } = submit;

  const handleSubmit = useCallback(
    async (data: Record<string, unknown>) => {
      if (version === undefined) return;
      const submission = await mutateAsync({ patientId, formId, version, data });
      setDone(true);
      // The detail page around the frame closes it, refreshes its lists and says so (same origin only).
      if (isFramed()) {
        const message: FormSubmittedMessage = { type: formSubmittedMessage, submissionId: submission._id };
        window.parent.postMessage(message, window.location.origin);
      }
    },
    [mutateAsync, patientId, formId, version],
  );

  // The panel around the frame asks before closing it once something is answered (same origin only).
  const handleChange = useCallback(() => {
    if (!isFramed()) return;
    const message: FormChangedMessage = { type: formChangedMessage };
    window.parent.postMessage(message, window.location.origin);
  }, []);

  if (form.isPending) return <LoadingScreen text={labels.loading} />;
  if (form.isError) return <Alert severity="error">{form.error.message}</Alert>;
  if (done) return <Alert severity="success">{formTexts.submitted}</Alert>;
  return (
    <FormSurvey
      definition={form.data.definition}
      answers={answers}
      files={files}
      onSubmit={handleSubmit}
      onChange={handleChange}
    />
  );
}

/** View: a stored submission on the version it was filled on, read-only. */
function SubmissionView({ patientId, submissionId }: { patientId: string; submissionId: string }) {
  const submission = useFormSubmission(patientId, submissionId);
  const files = useMemo(() => staffFiles(patientId), [patientId]);
  if (submission.isPending) return <LoadingScreen text={labels.loading} />;
  if (submission.isError) return <Alert severity="error">{submission.error.message}</Alert>;
  const { definition, data, answers } = submission.data;
  if (!definition) {
    return <FormAnswersList answers={answers} />;
  }
  return <FormSurvey definition={definition} data={data} files={files} readOnly />;
}

/**
 * /forms/fill/{formId}: a Vigil-hosted form, the page the detail page's frame opens (issue 13). The
 * parameters come after '#' (formFrameUrl, formViewUrl), so no patient data reaches a server log: the
 * patient, the user, and the answers to start from, or a submission to show read-only.
 */
export function HostedFormPage() {
  const { formId = '' } = useParams();
  const { hash } = useLocation();
  const params = useMemo(() => new URLSearchParams(hash.slice(1)), [hash]);
  const patientId = params.get('patientId') ?? '';
  const submissionId = params.get('submissionId');
  useActivityForParent();

  return (
    <Box component="main" sx={{ p: { xs: 1, sm: 2 }, minHeight: '100vh', bgcolor: 'background.default' }}>
      {!patientId ? (
        <Alert severity="error">{formTexts.patientRequired}</Alert>
      ) : params.get('mode') === 'display' && submissionId ? (
        <SubmissionView patientId={patientId} submissionId={submissionId} />
      ) : (
        <NewForm key={hash} formId={formId} patientId={patientId} params={params} />
      )}
    </Box>
  );
}
