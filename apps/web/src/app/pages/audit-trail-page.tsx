import { useParams } from 'react-router';
import { AuditTrailView } from '../../features/audit/components/audit-trail-view';
import { usePatientDetails } from '../../features/patients/api/get-patient-details';
import { links } from '../../lib/paths';

/**
 * /patient/audit-trail-logs/{id} (spec patients 2.7): the audit feature's trail under the patient's name.
 * The name comes from the detail page's call, usually still cached from the page the user came from.
 */
export function AuditTrailPage() {
  const { id = '' } = useParams();
  const patient = usePatientDetails(id);
  return (
    <AuditTrailView
      key={id}
      patientId={id}
      patientName={patient.data?.fullName ?? null}
      backTo={links.patientDetails(id)}
    />
  );
}
