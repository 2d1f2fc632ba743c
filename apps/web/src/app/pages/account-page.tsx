import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels, notices, type SessionUser } from '@vigil/core';
import { useParams } from 'react-router';
import { useClinic } from '../../features/clinics/api/get-clinic';
import { AlertsSettingsSection } from '../../features/clinics/components/alerts-settings-section';
import { ClinicInfoSection } from '../../features/clinics/components/clinic-info-section';
import { ReportsSection } from '../../features/reports/components/reports-section';
import { GeneralInfoSection } from '../../features/users/components/general-info-section';
import { SendRemindersSection } from '../../features/users/components/send-reminders-section';
import { UsersList } from '../../features/users/components/users-list';
import { useSignedInUser } from '../../lib/session/session-context';

/** Spec administration 6: operator-portal users and admins see the Users list; clinic users do not. */
const maySeeUsers = (user: SessionUser) => user.role.portal === 'CIRCLE' || user.role.access === 'ADMIN';

/**
 * /account and /account/clinic/{id} (spec administration 2: Account). General Info of the own account,
 * then, with a clinic (the route's, or a clinic user's own), Clinic Info, the Users list, the Reports and
 * the Alerts settings; an operator without a clinic sees the operator portal's Users list and the Reports,
 * for any clinic. Everyone signed in sees the Reports (spec administration 6).
 */
export function AccountPage() {
  const user = useSignedInUser();
  const params = useParams();
  const clinicId = params.id ?? (user.role.portal === 'CLINIC' ? user.clinicId : null);
  const isAdmin = user.role.access === 'ADMIN';
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{labels.account}</Typography>
      <GeneralInfoSection />
      {clinicId ? (
        <ClinicSections key={clinicId} clinicId={clinicId} user={user} />
      ) : (
        <>
          {maySeeUsers(user) && <UsersList clinicId={null} canManage={isAdmin} />}
          <ReportsSection userId={user._id} fixedClinic={null} />
        </>
      )}
      <SendRemindersSection />
    </Stack>
  );
}

function ClinicSections({ clinicId, user }: { clinicId: string; user: SessionUser }) {
  const clinic = useClinic(clinicId);
  const isAdmin = user.role.access === 'ADMIN';
  if (clinic.isPending) return <CircularProgress size={28} aria-label={labels.loading} />;
  if (clinic.isError) return <Alert severity="error">{notices.clinicNotFound}</Alert>;
  return (
    <>
      <ClinicInfoSection clinic={clinic.data} isAdmin={isAdmin} />
      {maySeeUsers(user) && <UsersList clinicId={clinic.data.id} canManage={isAdmin} />}
      {/* A clinic's page (and a clinic user's account) reports on that clinic only. */}
      <ReportsSection userId={user._id} fixedClinic={{ id: clinic.data.id, name: clinic.data.name }} />
      {/* Filled again when the thresholds change, not when another section saves the clinic. */}
      <AlertsSettingsSection
        key={JSON.stringify(clinic.data.customAlerts)}
        clinic={clinic.data}
        isAdmin={isAdmin}
      />
    </>
  );
}
