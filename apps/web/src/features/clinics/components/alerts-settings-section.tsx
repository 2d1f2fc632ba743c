import Alert from '@mui/material/Alert';
import { type CustomAlertsInput, labels, notices, toasts } from '@vigil/core';
import { SectionCard } from '../../../components/section-card';
import { showToast } from '../../../lib/toast';
import { useUpdateClinic } from '../api/update-clinic';
import type { ClinicView } from '../clinic-view';
import { AlertsSettingsFields } from '../forms/alerts-settings-form';

/** The clinic's alert thresholds, saved with PUT /clinics/{id} {customAlerts}; admins edit, others read. */
export function AlertsSettingsSection({ clinic, isAdmin }: { clinic: ClinicView; isAdmin: boolean }) {
  const updateClinic = useUpdateClinic();

  function handleSubmit(customAlerts: CustomAlertsInput) {
    return updateClinic
      .mutateAsync({ id: clinic.id, body: { customAlerts } })
      .then(() => showToast(toasts.clinicUpdated, 'success'));
  }

  return (
    <SectionCard title={labels.alertsSettings}>
      {!isAdmin && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notices.thresholdsReadOnly}
        </Alert>
      )}
      <AlertsSettingsFields
        alerts={clinic.customAlerts}
        editable={isAdmin}
        pending={updateClinic.isPending}
        onSubmit={handleSubmit}
      />
    </SectionCard>
  );
}
