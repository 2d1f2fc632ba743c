import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { labels, type NewClinicForm, notices } from '@vigil/core';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useCreateClinic } from '../api/create-clinic';
import { NewClinicFields } from '../forms/new-clinic-form';

/** /clinic/add: a new clinic with its first admin (operator admins only). */
export function NewClinicPage() {
  const user = useSignedInUser();
  const createClinic = useCreateClinic();
  const navigate = useNavigate();
  if (user.role.access !== 'ADMIN') return <Navigate to={paths.clinicDashboard} replace />;

  async function handleSubmit(values: NewClinicForm) {
    await createClinic.mutateAsync(values);
    showToast(notices.clinicCreated, 'success');
    navigate(paths.clinicDashboard);
  }

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {labels.addNewClinic}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {notices.newClinicIntro}
      </Typography>
      <Card sx={{ maxWidth: 880 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          <NewClinicFields
            pending={createClinic.isPending}
            onSubmit={handleSubmit}
            onCancel={() => navigate(paths.clinicDashboard)}
          />
        </CardContent>
      </Card>
    </>
  );
}
