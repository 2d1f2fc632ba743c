import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  duplicableData,
  type FormSubmissionView,
  type FormSubmittedMessage,
  type FormSummaryView,
  formChangedMessage,
  formFrameUrl,
  formSubmittedMessage,
  formTexts,
  formViewUrl,
  type PatientDetailsView,
} from '@vigil/core';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useFormFolders } from '../api/get-form-folders';
import { formSubmissionQueryOptions } from '../api/get-form-submission';
import { formSubmissionsKey } from '../api/get-form-submissions';
import { useSendFormLink } from '../api/send-form-link';
import { formFillPath } from '../form-paths';
import { todayIn } from './forms-format';
import { FormsFrameDialog, type OpenedForm } from './forms-frame-dialog';
import { FormsSessionTab } from './forms-session-tab';
import { FormsSubmissionsTab } from './forms-submissions-tab';

type FormsTab = 'session' | 'submissions';

const messageType = (data: unknown) =>
  typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
const isSubmittedMessage = (data: unknown): data is FormSubmittedMessage =>
  messageType(data) === formSubmittedMessage;

interface FormsPanelProps {
  patient: PatientDetailsView;
  /** A form was completed in the frame: the page refreshes what a submission changes beyond this panel. */
  onSubmitted?: () => void;
}

/**
 * The Forms panel of the detail page (spec patients 2.6, issue 13): 'Session Forms' to open a form for the
 * patient (or text it to them), 'Form Submissions' to Duplicate or View one. A form opens in a frame with
 * the patient's prefill; when the hosted page says it was submitted, the frame closes, the lists refresh
 * and a toast says so.
 */
export function FormsPanel({ patient, onSubmitted }: FormsPanelProps) {
  const titleId = useId();
  const tabsId = useId();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const folders = useFormFolders();
  const sendLink = useSendFormLink();
  const [tab, setTab] = useState<FormsTab>('session');
  const [opened, setOpened] = useState<OpenedForm | null>(null);
  // Something was answered in the frame's form and not submitted yet: closing it asks first.
  const [answered, setAnswered] = useState(false);
  const [duplicating, setDuplicating] = useState<string | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const patientId = patient._id;

  const activeForms = useMemo(
    () =>
      new Map(
        (folders.data ?? []).flatMap((folder) => folder.forms.map((form) => [form._id, form] as const)),
      ),
    [folders.data],
  );

  const frameUrl = useCallback(
    (form: FormSummaryView, duplicate?: Record<string, unknown>) =>
      formFrameUrl({
        form,
        patientId,
        userId: user._id,
        patient: {
          firstName: patient.firstName,
          lastName: patient.lastName,
          dob: patient.dateOfBirth,
          phone: patient.phone,
          physicianName: patient.assignedPhysicianName,
        },
        today: todayIn(patient.timezone),
        duplicate,
      }),
    [patient, patientId, user._id],
  );

  const refreshSubmissions = useCallback(
    () => queryClient.invalidateQueries({ queryKey: formSubmissionsKey(patientId) }),
    [queryClient, patientId],
  );

  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      // Only Vigil's own page, in this panel's frame, may say a form was submitted.
      if (event.origin !== window.location.origin) return;
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      if (messageType(event.data) === formChangedMessage) {
        setAnswered(true);
        return;
      }
      if (!isSubmittedMessage(event.data)) return;
      setOpened(null);
      setAnswered(false);
      void refreshSubmissions();
      onSubmitted?.();
      showToast(formTexts.submitted, 'success');
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [refreshSubmissions, onSubmitted]);

  function handleOpen(form: FormSummaryView) {
    setOpened({ kind: 'frame', title: form.title, url: frameUrl(form), external: form.kind === 'EXTERNAL' });
  }

  // One link per press: a double-click lands before the buttons wait, and would text the patient twice.
  const sendOnce = useSingleFlight();
  function handleSend(form: FormSummaryView) {
    sendOnce(() =>
      sendLink
        .mutateAsync({ patientId, formId: form._id })
        .then(() => showToast(formTexts.linkSent, 'success')),
    );
  }

  function handleDuplicate(submission: FormSubmissionView) {
    const form = activeForms.get(submission.formId);
    if (!form) return;
    setDuplicating(submission._id);
    queryClient
      .fetchQuery(formSubmissionQueryOptions(patientId, submission._id))
      .then((detail) =>
        setOpened({
          kind: 'frame',
          title: form.title,
          url: frameUrl(form, duplicableData(detail)),
          external: form.kind === 'EXTERNAL',
        }),
      )
      .catch(() => undefined)
      .finally(() => setDuplicating(null));
  }

  function handleView(submission: FormSubmissionView) {
    if (submission.formKind === 'EXTERNAL') {
      setOpened({ kind: 'answers', title: submission.formTitle, answers: submission.answers });
      return;
    }
    const url = formViewUrl({ url: formFillPath(submission.formId) }, patientId, submission._id);
    setOpened({ kind: 'frame', title: submission.formTitle, url, external: false });
  }

  function handleClose() {
    // An external form reports its submission to the server, not to this page, and Vigil's own may have
    // been closed while it was being submitted: look for a submission on closing.
    if (opened?.kind === 'frame') void refreshSubmissions();
    setOpened(null);
    setAnswered(false);
  }

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography
          id={titleId}
          variant="h2"
          sx={{ fontSize: '1.1rem', minHeight: 36, display: 'flex', alignItems: 'center' }}
        >
          {formTexts.panelTitle}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, value: FormsTab) => setTab(value)}
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 1.5, minHeight: 40 }}
        >
          <Tab
            value="session"
            label={formTexts.sessionForms}
            id={`${tabsId}-session`}
            aria-controls={tab === 'session' ? `${tabsId}-session-panel` : undefined}
            sx={{ minHeight: 40 }}
          />
          <Tab
            value="submissions"
            label={formTexts.formSubmissions}
            id={`${tabsId}-submissions`}
            aria-controls={tab === 'submissions' ? `${tabsId}-submissions-panel` : undefined}
            sx={{ minHeight: 40 }}
          />
        </Tabs>
        <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
          {tab === 'session' ? (
            <FormsSessionTab
              onOpen={handleOpen}
              onSend={handleSend}
              sending={sendLink.isPending ? (sendLink.variables?.formId ?? null) : null}
            />
          ) : (
            <FormsSubmissionsTab
              patientId={patientId}
              canDuplicate={(submission) => activeForms.has(submission.formId)}
              onDuplicate={handleDuplicate}
              onView={handleView}
              duplicating={duplicating}
            />
          )}
        </div>
      </CardContent>
      <FormsFrameDialog opened={opened} answered={answered} frameRef={frameRef} onClose={handleClose} />
    </Card>
  );
}
