import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { toasts } from '@vigil/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { deviceLabels, labels } from '../../../lib/labels';
import { paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useCreateDevice } from '../api/create-device';
import { useDevice } from '../api/get-device';
import { useUpdateDevice } from '../api/update-device';
import { isDeviceBrand } from '../device-view';
import { type DeviceFormDefaults, DeviceFormFields, type DeviceFormResult } from '../forms/device-form';

function PageFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: subtitle ? 0.5 : 3 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3, fontFamily: 'monospace' }}>
          {subtitle}
        </Typography>
      )}
      <Card sx={{ maxWidth: 760 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          {children}
        </CardContent>
      </Card>
    </>
  );
}

/** Back where the user came from (the inventory), or to the inventory when the form was opened directly. */
function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate(paths.deviceDashboard) : navigate(-1));
}

/** The inventory belongs to the operator portal (spec administration 6). */
const isOperator = (portal: string) => portal === 'CIRCLE';

/**
 * /device/add: a device joins the inventory. 'Save and New' keeps the form for the next one. An
 * unrecognised device's brand and identifier come prefilled from the address (?brand=&identifier=).
 */
export function AddDevicePage() {
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const createDevice = useCreateDevice();
  const goBack = useGoBack();
  if (!isOperator(user.role.portal)) return <Navigate to={paths.deviceDashboard} replace />;

  const brand = params.get('brand');
  const defaultValues: DeviceFormDefaults = {
    brand: isDeviceBrand(brand) ? brand : undefined,
    type: undefined,
    identifier: params.get('identifier') ?? '',
    hubSerialNumber: '',
    clinicId: '',
  };

  return (
    <PageFrame title={deviceLabels.addDeviceTitle}>
      <DeviceFormFields
        defaultValues={defaultValues}
        mode="add"
        pending={createDevice.isPending}
        onSubmit={(values: DeviceFormResult) => createDevice.mutateAsync(values)}
        onCancel={goBack}
      />
    </PageFrame>
  );
}

/** /device/edit/{id}: 'Update Device' saves, toasts and goes back. */
export function EditDevicePage() {
  const user = useSignedInUser();
  const { id } = useParams();
  const operator = isOperator(user.role.portal);
  // Clinic users are sent to the inventory before anything is fetched.
  const device = useDevice(operator ? id : undefined);
  const updateDevice = useUpdateDevice();
  const goBack = useGoBack();
  if (!operator) return <Navigate to={paths.deviceDashboard} replace />;
  if (device.isPending) return <LoadingScreen text={labels.loading} />;
  if (device.isError) {
    return (
      <PageFrame title={deviceLabels.editDeviceTitle}>
        <Alert severity="error">{deviceLabels.deviceNotFound}</Alert>
      </PageFrame>
    );
  }

  const current = device.data;
  async function handleSubmit(values: DeviceFormResult) {
    const saved = await updateDevice.mutateAsync({ id: current._id, body: values });
    showToast(toasts.deviceUpdated, 'success');
    goBack();
    return saved;
  }

  return (
    <PageFrame title={deviceLabels.editDeviceTitle} subtitle={current.serialNumber}>
      <DeviceFormFields
        // A new key per device, so that opening another device's form starts from its own values.
        key={current._id}
        defaultValues={{
          brand: current.brand,
          type: current.type ?? undefined,
          identifier: current.serialNumber,
          hubSerialNumber: current.hubSerialNumber ?? '',
          clinicId: current.clinicId?._id ?? '',
        }}
        mode="edit"
        pending={updateDevice.isPending}
        onSubmit={handleSubmit}
        onCancel={goBack}
      />
    </PageFrame>
  );
}
