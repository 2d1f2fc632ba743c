// Being built: the clinician list (issue 7).
export function ClinicianListPage() {
  return null;
}
