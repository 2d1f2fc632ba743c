// Being built: the patient add/edit form (issue 7).
export function AddPatientPage() {
  return null;
}
export function EditPatientPage() {
  return null;
}
export function PatientSettingsPage() {
  return null;
}
