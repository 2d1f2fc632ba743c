import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { detailLabels, messages, type PatientDetailsView } from '@vigil/core';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePatientDetails } from '../api/get-patient-details';
import { DetailsActiveIssuesPanel } from '../components/details-active-issues-panel';
import { DetailsAlertsPanel } from '../components/details-alerts-panel';
import { DetailsGeneralInfo } from '../components/details-general-info';
import { DetailsHeaderCard } from '../components/details-header-card';
import { DetailsPanelGrid } from '../components/details-panel-grid';
import { DetailsStaffNotesPanel } from '../components/details-staff-notes-panel';
import { DetailsTimer } from '../components/details-timer';
import { DetailsTopBar } from '../components/details-top-bar';
import { MessagesPanel } from '../components/messages-panel';
import { MonthlyNotesPanel } from '../components/monthly-notes-panel';
import { PatientChartsPanel } from '../components/patient-charts-panel';
import { useDetailsTimer } from '../components/use-details-timer';

/**
 * The panels another feature brings to the page, composed in app/ (web features do not import each other):
 * the forms panel (issue 13), given the patient the page has loaded.
 */
export interface PatientDetailsPanels {
  formsPanel?: (patient: PatientDetailsView) => ReactNode;
}

function PatientDetails({ patientId, formsPanel }: { patientId: string } & PatientDetailsPanels) {
  const details = usePatientDetails(patientId, { live: true });
  // The timer counts from the moment the patient is on screen; leaving the page (or the patient) saves it.
  const timer = useDetailsTimer(patientId, details.data !== undefined);
  // The alerts and issues panels open and close together (spec patients 2.6).
  const [alertsAndIssuesOpen, setAlertsAndIssuesOpen] = useState(true);
  const toggle = () => setAlertsAndIssuesOpen((open) => !open);

  if (details.isPending) {
    return (
      <>
        <DetailsTopBar patientId={patientId} />
        <Typography color="text.secondary">{detailLabels.loading}</Typography>
      </>
    );
  }
  if (details.isError) {
    const notFound = details.error instanceof ApiError && details.error.status === 404;
    return (
      <>
        <DetailsTopBar patientId={patientId} />
        <Alert
          severity={notFound ? 'info' : 'error'}
          action={
            notFound ? undefined : (
              <Button color="inherit" size="small" onClick={() => void details.refetch()}>
                {detailLabels.tryAgain}
              </Button>
            )
          }
        >
          {notFound
            ? detailLabels.patientNotFound
            : // The server's words when it answered; 'Server error' (spec) when it could not be reached.
              details.error instanceof ApiError
              ? details.error.message
              : messages.serverError}
        </Alert>
      </>
    );
  }
  const patient = details.data;
  return (
    <>
      <DetailsTopBar
        patientId={patientId}
        patient={{ id: patient._id, name: patient.fullName, physicianId: patient.assignedPhysician }}
      />
      <DetailsHeaderCard
        details={patient}
        timer={<DetailsTimer timer={timer} trackedThisMonth={patient.trackedTimeThisMonth} />}
      />
      <DetailsPanelGrid
        slots={{
          info: <DetailsGeneralInfo details={patient} />,
          alerts: <DetailsAlertsPanel details={patient} open={alertsAndIssuesOpen} onToggle={toggle} />,
          issues: <DetailsActiveIssuesPanel details={patient} open={alertsAndIssuesOpen} onToggle={toggle} />,
          notes: <DetailsStaffNotesPanel patientId={patientId} />,
          // The readings and medications panel (patient-charts-panel.tsx) takes this slot.
          charts: <PatientChartsPanel patient={patient} />,
          messages: <MessagesPanel patient={patient} />,
          forms: formsPanel?.(patient),
          // The monthly reports panel (monthly-notes-panel.tsx) takes this slot.
          monthly: <MonthlyNotesPanel patient={patient} />,
        }}
      />
    </>
  );
}

/** /patient/details/{id}: where a nurse reads the alerts, keeps notes and logs calls (spec patients 2.6). */
export function PatientDetailsPage({ formsPanel }: PatientDetailsPanels) {
  const { id = '' } = useParams();
  // A new patient (Previous, Next) starts with fresh panels: no draft or dialog carries over, and the
  // previous patient's timer saves as its page unmounts.
  return <PatientDetails key={id} patientId={id} formsPanel={formsPanel} />;
}
