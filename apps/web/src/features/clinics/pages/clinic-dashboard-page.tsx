import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels, notices } from '@vigil/core';
import { Link as RouterLink, useNavigate } from 'react-router';
import { links, paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { clearSavedListFilters } from '../../../lib/session/session-storage';
import { useClinics } from '../api/get-clinics';
import { ClinicsTable } from '../components/clinics-table';

/** /clinic/dashboard: the operator portal's clinics with their patient counts (spec administration 2). */
export function ClinicDashboardPage() {
  const user = useSignedInUser();
  const clinics = useClinics();
  const navigate = useNavigate();
  const isAdmin = user.role.access === 'ADMIN';

  return (
    <>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}
      >
        <Typography variant="h1">{labels.clinicsDashboard}</Typography>
        {isAdmin && (
          <Button component={RouterLink} to={paths.clinicAdd} variant="contained" startIcon={<Add />}>
            {labels.addNewClinic}
          </Button>
        )}
      </Stack>
      <Card>
        {clinics.isPending ? (
          <Stack sx={{ p: 3 }}>
            <CircularProgress size={28} aria-label={labels.loading} />
          </Stack>
        ) : clinics.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {clinics.error.message}
          </Alert>
        ) : clinics.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {notices.noClinics}
          </Typography>
        ) : (
          <ClinicsTable
            clinics={clinics.data}
            showSettings={isAdmin}
            onOpen={(clinic) => {
              // The priority list starts from this clinic, not from a filter saved for another one.
              clearSavedListFilters();
              navigate(links.priorityListOfClinic(clinic.id));
            }}
            onSettings={(clinic) => navigate(links.accountClinic(clinic.id))}
          />
        )}
      </Card>
    </>
  );
}
