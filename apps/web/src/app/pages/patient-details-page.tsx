import { useQueryClient } from '@tanstack/react-query';
import type { PatientDetailsView } from '@vigil/core';
import { useCallback } from 'react';
import { FormsPanel } from '../../features/forms/components/forms-panel';
import { staffNotesKey } from '../../features/patients/api/get-staff-notes';
import { PatientDetailsPage as PatientDetailsScreen } from '../../features/patients/pages/patient-details-page';

/** The forms panel on the detail page; a submitted form is also a FORM staff note, so the notes refresh. */
function PatientFormsPanel({ patient }: { patient: PatientDetailsView }) {
  const queryClient = useQueryClient();
  const patientId = patient._id;
  const handleSubmitted = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: staffNotesKey(patientId) }),
    [queryClient, patientId],
  );
  return <FormsPanel patient={patient} onSubmitted={handleSubmitted} />;
}

const formsPanel = (patient: PatientDetailsView) => <PatientFormsPanel patient={patient} />;

/** /patient/details/{id} (spec patients 2.6): the patients feature's page with the forms feature's panel. */
export function PatientDetailsPage() {
  return <PatientDetailsScreen formsPanel={formsPanel} />;
}
