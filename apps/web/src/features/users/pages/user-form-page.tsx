import Alert from '@mui/material/Alert';
import {
  type CreateUserRequest,
  labels,
  notices,
  toasts,
  type UpdateUserRequest,
  type UserForm,
} from '@vigil/core';
import { Navigate, useParams } from 'react-router';
import { FormPage, useGoBack } from '../../../components/form-page';
import { LoadingScreen } from '../../../components/loading-screen';
import { paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useCreateUser } from '../api/create-user';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { UserFormFields, type UserFormValues } from '../forms/user-form';
import type { UserView } from '../user-view';

const blank: UserFormValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  admin: false,
  clinicalRole: undefined,
  timeTrackingEnabled: false,
  emergencyProtocol: '',
  twoFactorType: 'none',
  password: undefined,
};

/** The physician field is kept for physicians only; the server drops it for others too. */
const protocolFor = (values: UserForm) =>
  values.clinicalRole === 'PHYSICIAN' ? values.emergencyProtocol || null : null;

/**
 * /account/new, /account/new/{clinicId}: a new account. In a clinic (the route's, or a clinic admin's own)
 * it is a CLINIC-portal physician or staff member; without one, an operator-portal care navigator.
 */
export function NewUserPage() {
  const admin = useSignedInUser();
  const params = useParams();
  const createUser = useCreateUser();
  const goBack = useGoBack(paths.account);
  const clinicId = params.clinicId ?? (admin.role.portal === 'CLINIC' ? admin.clinicId : null);
  if (admin.role.access !== 'ADMIN') return <Navigate to={paths.account} replace />;

  async function handleSubmit(values: UserForm) {
    const body: CreateUserRequest = clinicId
      ? { ...values, emergencyProtocol: protocolFor(values), role: { portal: 'CLINIC' }, clinicId }
      : {
          ...values,
          clinicalRole: 'CARE_NAVIGATOR',
          emergencyProtocol: null,
          role: { portal: 'CIRCLE' },
          clinicId: null,
        };
    await createUser.mutateAsync(body);
    showToast(notices.accountCreated, 'success');
    goBack();
  }

  return (
    <FormPage
      maxWidth={880}
      title={labels.newAccountTitle}
      subtitle={clinicId && clinicId === admin.clinicId ? admin.clinicName : null}
    >
      <UserFormFields
        defaultValues={clinicId ? blank : { ...blank, clinicalRole: 'CARE_NAVIGATOR' }}
        adminEditable
        showClinicalRole={Boolean(clinicId)}
        showTwoFactor
        submitLabel={labels.submitNewAccount}
        pending={createUser.isPending}
        onSubmit={handleSubmit}
        onCancel={goBack}
      />
    </FormPage>
  );
}

/** /account/edit/{userId}: an admin edits another user of their clinic or portal. */
export function EditUserPage() {
  const admin = useSignedInUser();
  const { userId } = useParams();
  // Only admins edit other users; the others are sent back before anything is fetched.
  const user = useUser(admin.role.access === 'ADMIN' ? userId : undefined);
  if (admin.role.access !== 'ADMIN') return <Navigate to={paths.account} replace />;
  if (user.isPending) return <LoadingScreen text={labels.loading} />;
  if (user.isError) {
    return (
      <FormPage maxWidth={880} title={labels.editAccountTitle}>
        <Alert severity="error">{notices.userNotFound}</Alert>
      </FormPage>
    );
  }
  return <EditUserForm user={user.data} self={user.data.userId === admin.userId} />;
}

function EditUserForm({ user, self }: { user: UserView; self: boolean }) {
  const updateUser = useUpdateUser();
  const goBack = useGoBack(paths.account);
  const clinical = user.role.type === 'PHYSICIAN' || user.role.type === 'STAFF';

  async function handleSubmit(values: UserForm) {
    const body: UpdateUserRequest = {
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
      email: values.email,
      timeTrackingEnabled: values.timeTrackingEnabled,
      twoFactorType: values.twoFactorType,
      ...(clinical ? { clinicalRole: values.clinicalRole, emergencyProtocol: protocolFor(values) } : {}),
      ...(self ? {} : { admin: values.admin }),
      ...(values.password ? { password: values.password } : {}),
    };
    await updateUser.mutateAsync({ id: user.userId, body });
    showToast(toasts.userUpdated, 'success');
    goBack();
  }

  return (
    <FormPage
      maxWidth={880}
      title={labels.editAccountTitle}
      subtitle={`${user.firstName} ${user.lastName}${user.clinicName ? ` · ${user.clinicName}` : ''}`}
    >
      <UserFormFields
        defaultValues={{
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phone ?? '',
          email: user.email,
          admin: user.admin,
          clinicalRole: user.role.type,
          timeTrackingEnabled: user.timeTrackingEnabled,
          emergencyProtocol: user.emergencyProtocol ?? '',
          twoFactorType: user.twoFactorType,
          password: undefined,
        }}
        editing
        adminEditable={!self}
        showClinicalRole={clinical}
        showTwoFactor
        submitLabel={labels.submitEditAccount}
        pending={updateUser.isPending}
        onSubmit={handleSubmit}
        onCancel={goBack}
      />
    </FormPage>
  );
}
