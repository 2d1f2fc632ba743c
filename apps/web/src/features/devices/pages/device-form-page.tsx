import Alert from '@mui/material/Alert';
import { deviceLabels, labels, toasts } from '@vigil/core';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { FormPage, useGoBack } from '../../../components/form-page';
import { LoadingScreen } from '../../../components/loading-screen';
import { paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useCreateDevice } from '../api/create-device';
import { useDevice } from '../api/get-device';
import { useUpdateDevice } from '../api/update-device';
import { isDeviceBrand, isDeviceType } from '../device-view';
import { type DeviceFormDefaults, DeviceFormFields, type DeviceFormResult } from '../forms/device-form';

/** The inventory belongs to the operator portal (spec administration 6). */
const isOperator = (portal: string) => portal === 'CIRCLE';

/**
 * /device/add: a device joins the inventory. 'Save and New' keeps the form for the next one. An
 * unrecognised device's brand, identifier, type and hub come prefilled from the address
 * (?brand=&identifier=&type=&hubSerialNumber=).
 */
export function AddDevicePage() {
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const createDevice = useCreateDevice();
  const goBack = useGoBack(paths.deviceDashboard);
  if (!isOperator(user.role.portal)) return <Navigate to={paths.deviceDashboard} replace />;

  const brand = params.get('brand');
  const type = params.get('type');
  const defaultValues: DeviceFormDefaults = {
    brand: isDeviceBrand(brand) ? brand : undefined,
    type: isDeviceType(type) ? type : undefined,
    identifier: params.get('identifier') ?? '',
    hubSerialNumber: params.get('hubSerialNumber') ?? '',
    clinicId: '',
  };

  return (
    <FormPage monospaceSubtitle maxWidth={760} title={deviceLabels.addDeviceTitle}>
      <DeviceFormFields
        defaultValues={defaultValues}
        mode="add"
        pending={createDevice.isPending}
        onSubmit={(values: DeviceFormResult) => createDevice.mutateAsync(values)}
        onCancel={goBack}
      />
    </FormPage>
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
  const goBack = useGoBack(paths.deviceDashboard);
  if (!operator) return <Navigate to={paths.deviceDashboard} replace />;
  if (device.isPending) return <LoadingScreen text={labels.loading} />;
  if (device.isError) {
    return (
      <FormPage monospaceSubtitle maxWidth={760} title={deviceLabels.editDeviceTitle}>
        <Alert severity="error">{deviceLabels.deviceNotFound}</Alert>
      </FormPage>
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
    <FormPage
      monospaceSubtitle
      maxWidth={760}
      title={deviceLabels.editDeviceTitle}
      subtitle={current.serialNumber}
    >
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
    </FormPage>
  );
}
