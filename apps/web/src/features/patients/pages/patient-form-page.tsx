import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { labels, type PatientView, patientFormLabels, patientFormNotices, toasts } from '@vigil/core';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { links, paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useCreatePatient } from '../api/create-patient';
import { usePatient } from '../api/get-patient';
import { useUpdatePatient } from '../api/update-patient';
import { PatientForm } from '../forms/patient-form';
import { newPatientValues, type PatientFormValues, patientFormValues } from '../forms/patient-form-values';

/** Where the form was opened from: the lists pass `from` in the location state; else the priority list. */
function useOrigin(): string {
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  // Only a path inside the app: the state is the browser's and could hold anything.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : paths.priorityList;
}

function PageFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const origin = useOrigin();
  return (
    <Box sx={{ maxWidth: 1040, mx: 'auto' }}>
      <Button startIcon={<ArrowBack />} onClick={() => navigate(origin)} sx={{ mb: 1, ml: -1 }}>
        {patientFormLabels.back}
      </Button>
      <Typography variant="h1" sx={{ mb: subtitle ? 0.5 : 3 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * /patient/add: 'Create New Patient'. After the save the user goes back where they came from, or, when
 * devices are to be connected now, to the new patient's edit page at its device section (spec patients 2).
 */
export function AddPatientPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const origin = useOrigin();
  const createPatient = useCreatePatient();

  async function handleSubmit(values: PatientFormValues) {
    const created = await createPatient.mutateAsync(values);
    showToast(toasts.patientUpdated, 'success');
    // In the form's place: the browser's Back goes where the user came from, not to a blank form.
    navigate(values.connectDevices === 'Yes' ? `${links.patientEdit(created._id)}#deviceInfo` : origin, {
      replace: true,
    });
  }

  return (
    <PageFrame title={patientFormLabels.newPatientTitle}>
      <PatientForm
        mode="add"
        defaultValues={newPatientValues(user)}
        patient={null}
        pending={createPatient.isPending}
        onSubmit={handleSubmit}
      />
    </PageFrame>
  );
}

/** /patient/edit/{id}: the Patient Settings form. */
export function EditPatientPage() {
  const { id } = useParams();
  return <EditPatient id={id} />;
}

/** /patient/settings?id={id}: the same form, as the detail page links to it. */
export function PatientSettingsPage() {
  const [search] = useSearchParams();
  return <EditPatient id={search.get('id') ?? undefined} />;
}

function EditPatient({ id }: { id: string | undefined }) {
  const patient = usePatient(id);
  if (id && patient.isPending) return <LoadingScreen text={labels.loading} />;
  if (!patient.data) {
    return (
      <PageFrame title={patientFormLabels.patientSettingsTitle}>
        <Alert severity="error">{patientFormNotices.patientNotFound}</Alert>
      </PageFrame>
    );
  }
  // Keyed by patient: another patient's settings start a fresh form rather than keep this one's edits.
  return <EditPatientForm key={patient.data._id} patient={patient.data} />;
}

function EditPatientForm({ patient }: { patient: PatientView }) {
  const navigate = useNavigate();
  const origin = useOrigin();
  const updatePatient = useUpdatePatient();
  // The version the form opened with: a save over a newer one (a colleague's) is refused, not undone.
  const [openedVersion] = useState(patient.updatedAt);

  async function handleSubmit(values: PatientFormValues) {
    await updatePatient.mutateAsync({ id: patient._id, body: values, updatedAt: openedVersion });
    showToast(toasts.patientUpdated, 'success');
    navigate(origin);
  }

  return (
    <PageFrame title={patientFormLabels.patientSettingsTitle} subtitle={patient.fullName}>
      <PatientForm
        mode="edit"
        defaultValues={patientFormValues(patient)}
        patient={patient}
        pending={updatePatient.isPending}
        onSubmit={handleSubmit}
      />
    </PageFrame>
  );
}
