import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type ClinicSettingsForm, labels, notices, toasts } from '@vigil/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { useSession, useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useUpdateClinic } from '../api/update-clinic';
import type { ClinicView } from '../clinic-view';
import { ClinicSettingsFields } from '../forms/clinic-settings-form';

interface ClinicInfoSectionProps {
  clinic: ClinicView;
  isAdmin: boolean;
}

/**
 * Clinic Info with the Active toggle (spec administration 2: Account; 4: Clinic). Deactivating asks first,
 * activating is immediate; both are saved at once. A new name is confirmed before it is saved. A clinic's
 * own admin who deactivates it is told that it ends their session too, and that only the operator portal
 * can activate it again; the server has ended the session, so the page signs out.
 */
export function ClinicInfoSection({ clinic, isAdmin }: ClinicInfoSectionProps) {
  const updateClinic = useUpdateClinic();
  const user = useSignedInUser();
  const { dispatch } = useSession();
  const ownClinic = user.role.portal === 'CLINIC' && user.clinicId === clinic.id;
  const [deactivateOpen, setDeactivateOpen] = useState(false);
  // The old name is kept with the new one, so the dialog's text stays put while it closes after the save.
  const [pendingSettings, setPendingSettings] = useState<{ values: ClinicSettingsForm; from: string } | null>(
    null,
  );
  const [nameDialogOpen, setNameDialogOpen] = useState(false);

  /** Answers whether it saved (a failure has shown its message already). */
  function save(body: Partial<ClinicSettingsForm> & { active?: boolean }, onDone?: () => void) {
    return updateClinic
      .mutateAsync({ id: clinic.id, body })
      .then(() => {
        showToast(toasts.clinicUpdated, 'success');
        return true;
      })
      .catch(() => false)
      .finally(onDone);
  }

  function handleActiveChange(active: boolean) {
    if (active) save({ active: true });
    else setDeactivateOpen(true);
  }

  function handleSettings(values: ClinicSettingsForm) {
    if (values.name !== clinic.name) {
      setPendingSettings({ values, from: clinic.name });
      setNameDialogOpen(true);
    } else {
      save(values);
    }
  }

  return (
    <SectionCard
      title={labels.clinicInfo}
      action={
        <FormControlLabel
          label={labels.active}
          labelPlacement="start"
          disabled={!isAdmin || updateClinic.isPending}
          control={
            <Switch
              checked={clinic.active}
              onChange={(event) => handleActiveChange(event.target.checked)}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
        />
      }
    >
      <ClinicSettingsFields
        key={`${clinic.name}|${clinic.address}`}
        clinic={clinic}
        editable={isAdmin}
        pending={updateClinic.isPending && !deactivateOpen}
        onSubmit={handleSettings}
      />
      <ConfirmDialog
        open={deactivateOpen}
        title={labels.deactivateClinic}
        text={ownClinic ? notices.deactivateOwnClinic : notices.deactivateClinic}
        confirmLabel={labels.yesContinue}
        destructive
        pending={updateClinic.isPending}
        onConfirm={() =>
          save({ active: false }, () => setDeactivateOpen(false)).then((saved) => {
            if (saved && ownClinic) dispatch({ type: 'signOut' });
          })
        }
        onCancel={() => setDeactivateOpen(false)}
      />
      <ConfirmDialog
        open={nameDialogOpen}
        title={labels.confirmClinicNameChange}
        text={notices.clinicNameChange(pendingSettings?.from ?? '', pendingSettings?.values.name ?? '')}
        confirmLabel={labels.yesSubmit}
        pending={updateClinic.isPending}
        onConfirm={() =>
          pendingSettings ? save(pendingSettings.values, () => setNameDialogOpen(false)) : undefined
        }
        onCancel={() => setNameDialogOpen(false)}
      />
    </SectionCard>
  );
}
