import HelpOutline from '@mui/icons-material/HelpOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import {
  activeStatusOptions,
  diagnoses,
  enrollmentStatusOptions,
  filterOptionLabels,
  labels,
  messages,
  notices,
  type PatientFilterKey,
  type PatientFilters,
  type RoleType,
  type SessionUser,
  type UserOption,
  yesNo,
} from '@vigil/core';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useClinicOptions } from '../api/get-clinic-options';
import { useUserOptions } from '../api/get-user-options';
import { listFilterKeys, type PatientListKind, sameFilters } from '../list-state';
import { FilterMultiSelect, type FilterOption } from './filter-multi-select';

const fixedOptions = (values: readonly string[]): FilterOption[] =>
  values.map((value) => ({ value, label: filterOptionLabels[value] ?? value }));

const userOptions = (users: readonly UserOption[] | undefined): FilterOption[] =>
  (users ?? []).map((u) => ({ value: u._id, label: `${u.firstName} ${u.lastName}` }));

/** Users of a role for the dialog; a clinic user's list holds their clinic's users only (server rule). */
function useRoleOptions(roleType: RoleType, enabled: boolean) {
  const users = useUserOptions(roleType, [], enabled);
  return { options: userOptions(users.data), loading: users.isPending };
}

interface FilterDialogProps {
  open: boolean;
  list: PatientListKind;
  user: SessionUser;
  /** The filters in force, and the choices being edited, kept by the list until Apply or Cancel. */
  applied: PatientFilters;
  draft: PatientFilters;
  onDraftChange: (draft: PatientFilters) => void;
  onCancel: () => void;
  /** `save`: the user answered Yes to keeping the filters for the next visit. */
  onApply: (save: boolean) => void;
}

/** Filter Options (spec patients 2.4), shared by both lists. */
export function FilterDialog({
  open,
  list,
  user,
  applied,
  draft,
  onDraftChange,
  onCancel,
  onApply,
}: FilterDialogProps) {
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const guard = useUnsavedChangesGuard(open && !sameFilters(draft, applied));
  const handleCancel = () => guard.confirmDiscard(onCancel);
  const keys = listFilterKeys(list, user);
  const offers = (key: PatientFilterKey) => keys.includes(key);
  const clinics = useClinicOptions(open && offers('selectedClinics'));
  const physicians = useRoleOptions('PHYSICIAN', open);
  const staff = useRoleOptions('STAFF', open);
  const navigators = useRoleOptions('CARE_NAVIGATOR', open);

  const field = (key: PatientFilterKey, label: string, options: readonly FilterOption[], loading = false) => (
    <FilterMultiSelect
      label={label}
      options={options}
      value={draft[key]}
      loading={loading}
      onChange={(value) => onDraftChange({ ...draft, [key]: value })}
    />
  );

  function handleAnswer(save: boolean) {
    // The question fades out after the first answer: a second press on it then answers nothing.
    if (!asking) return;
    setAsking(false);
    onApply(save);
  }

  return (
    <>
      <Dialog open={open} onClose={handleCancel} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId} component="div">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Box component="h2" sx={{ m: 0, font: 'inherit' }}>
              {labels.filterOptions}
            </Box>
            <Tooltip title={notices.filterHelp} enterTouchDelay={0}>
              <IconButton size="small" aria-label={labels.filterHelp}>
                <HelpOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </DialogTitle>
        <DialogContent>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              gap: 2,
              pt: 1,
            }}
          >
            {field('activeStatus', labels.activeStatus, fixedOptions(activeStatusOptions))}
            {field('enrollmentStatus', labels.enrollmentStatus, fixedOptions(enrollmentStatusOptions))}
            {offers('selectedClinics') &&
              field(
                'selectedClinics',
                labels.clinics,
                (clinics.data ?? []).map((c) => ({ value: c.id, label: c.name })),
                clinics.isPending,
              )}
            {field('selectedPhysicians', labels.providers, physicians.options, physicians.loading)}
            {field('selectedCareTeamMembers', labels.staff, staff.options, staff.loading)}
            {field('selectedCareNavigators', labels.careNavigators, navigators.options, navigators.loading)}
            {field('selectedDiagnoses', labels.diagnosis, fixedOptions(diagnoses))}
            {offers('consent') && field('consent', labels.monthlyReportRequested, fixedOptions(yesNo))}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={handleCancel}>{labels.cancel}</Button>
          <Button variant="contained" onClick={() => setAsking(true)}>
            {labels.apply}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title={labels.saveFilterPreferences}
        text={messages.saveFilterPreferences}
        confirmLabel={labels.yes}
        cancelLabel={labels.no}
        onConfirm={() => handleAnswer(true)}
        onCancel={() => handleAnswer(false)}
      />
      {guard.prompt}
    </>
  );
}
