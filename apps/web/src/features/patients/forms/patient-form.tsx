import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { messages, type PatientView, patientForm, patientFormLabels } from '@vigil/core';
import { useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSignedInUser } from '../../../lib/session/session-context';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { PatientDevicesSections } from '../components/patient-devices-section';
import { AddressSection } from '../components/patient-form-address-section';
import { AssignmentSection, type CurrentAssignment } from '../components/patient-form-assignment-section';
import { CustomAlertsSection } from '../components/patient-form-custom-alerts-section';
import { DeviceSetupSection } from '../components/patient-form-device-setup-section';
import { GeneralInfoSection } from '../components/patient-form-general-info-section';
import { MedicalInfoSection } from '../components/patient-form-medical-section';
import { PreferencesSection } from '../components/patient-form-preferences-section';
import { EnrollmentSection, PrioritySection } from '../components/patient-form-status-sections';
import { TrackedTimeSection } from '../components/patient-form-tracked-time';
import type { PatientFormDefaults, PatientFormValues } from './patient-form-values';

interface PatientFormProps {
  mode: 'add' | 'edit';
  defaultValues: PatientFormDefaults;
  /** On edit: the patient as saved, for the names of the current assignment and the tracked time. */
  patient: PatientView | null;
  pending: boolean;
  /** Resolves once saved (and navigated), or rejects with the API error whose fields are then shown. */
  onSubmit: (values: PatientFormValues) => Promise<unknown>;
}

/** The top-level names of the form's values: a server message for any path under them has a field. */
const formRoots = new Set<string>([
  'clinic',
  'assignedPhysician',
  'assignedCareNavigator',
  'careTeam',
  'firstName',
  'lastName',
  'email',
  'phones',
  'phone',
  'address',
  'preferences',
  'language',
  'dateOfBirth',
  'gender',
  'mr',
  'diagnosis',
  'heightFeet',
  'heightInches',
  'weight',
  'consent',
  'connectDevices',
  'shippingAddress',
  'customAlerts',
]);

/** The fields of a 400 answer that the form can show, e.g. 'phones.0.number'. */
function serverFieldPaths(error: unknown): Path<PatientFormValues>[] {
  if (!(error instanceof ApiError) || !error.data.fields) return [];
  return Object.keys(error.data.fields).filter((key) =>
    formRoots.has(key.split('.')[0] ?? ''),
  ) as Path<PatientFormValues>[];
}

function currentAssignment(patient: PatientView): CurrentAssignment {
  return {
    clinic: { value: patient.clinic, label: patient.clinicName },
    physician: patient.assignedPhysician
      ? { value: patient.assignedPhysician, label: patient.assignedPhysicianName ?? '' }
      : null,
    staff: patient.staff.map((s) => ({ value: s._id, label: s.fullName })),
    careNavigators: patient.careNavigators.map((n) => ({ value: n._id, label: n.fullName })),
  };
}

/**
 * The patient add/edit form (spec patients 2.1), its sections in the spec's order: assignment first on
 * add and after the personal info on edit. The core's schema checks it in raw mode: the form sends the
 * values as typed and the server applies the same schema's submit transformation.
 */
export function PatientForm({ mode, defaultValues, patient, pending, onSubmit }: PatientFormProps) {
  const user = useSignedInUser();
  const schema = useMemo(
    () => patientForm({ portal: user.role.portal, mode, userId: user.userId }),
    [user.role.portal, user.userId, mode],
  );
  const { control, handleSubmit, setValue, getValues, setError, formState } = useForm<
    PatientFormValues,
    unknown,
    PatientFormValues
  >({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues,
  });
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const showBanner = formState.submitCount > 0 && Object.keys(formState.errors).length > 0;

  const ownClinic =
    user.role.portal === 'CLINIC' && user.clinicId
      ? { value: user.clinicId, label: user.clinicName ?? '' }
      : null;
  const assignment = (
    <AssignmentSection
      control={control}
      setValue={setValue}
      mode={mode}
      portal={user.role.portal}
      ownClinic={ownClinic}
      current={patient ? currentAssignment(patient) : null}
    />
  );

  const submitOnce = useSubmitOnce(
    handleSubmit((values) =>
      guard
        .saving(onSubmit(values))
        .catch((error: unknown) => showServerFieldErrors(error, setError, serverFieldPaths(error))),
    ),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      // Validation and save as one run: a second press before it ends adds nothing.
      onSubmit={submitOnce}
    >
      {mode === 'add' && assignment}
      <GeneralInfoSection control={control} />
      {mode === 'edit' && assignment}
      {mode === 'edit' && <AddressSection control={control} />}
      <PreferencesSection control={control} setValue={setValue} getValues={getValues} />
      <MedicalInfoSection control={control} />
      {mode === 'edit' && <CustomAlertsSection control={control} />}
      {mode === 'add' && <DeviceSetupSection control={control} />}
      {mode === 'edit' && patient && <PatientDevicesSections patientId={patient._id} />}
      {/* Two small sections: side by side where there is room, so the page does not run on. */}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PrioritySection control={control} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <EnrollmentSection control={control} setValue={setValue} mode={mode} />
        </Grid>
      </Grid>
      {patient && <TrackedTimeSection patientId={patient._id} seconds={patient.trackedTimeThisMonth} />}
      {showBanner && (
        <Alert severity="error" role="alert">
          <AlertTitle>{messages.requiredFieldsBanner}</AlertTitle>
          {messages.requiredFieldsBannerDetail}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={pending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {mode === 'add' ? patientFormLabels.createNewPatient : patientFormLabels.saveAndUpdateInfo}
      </Button>
      {guard.prompt}
    </Stack>
  );
}
