import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { labels, type Portal, patientFormLabels, type UserOption } from '@vigil/core';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';
import { SectionCard } from '../../../components/section-card';
import { useClinicOptions } from '../api/get-clinic-options';
import { useUserOptions } from '../api/get-user-options';
import type { PatientFormValues } from '../forms/patient-form-values';
import { MultiSelectField, type Option, SelectField } from './patient-form-fields';

/** Who the patient is assigned to now, named, so a saved choice shows even when no longer offered. */
export interface CurrentAssignment {
  clinic: Option;
  physician: Option | null;
  staff: Option[];
  careNavigators: Option[];
}

interface AssignmentSectionProps {
  control: Control<PatientFormValues>;
  setValue: UseFormSetValue<PatientFormValues>;
  mode: 'add' | 'edit';
  portal: Portal;
  /** The signed-in CLINIC user's clinic, which is the only one they can put a patient in. */
  ownClinic: Option | null;
  current: CurrentAssignment | null;
}

const userOption = (u: UserOption): Option => ({ value: u._id, label: `${u.firstName} ${u.lastName}` });

/** The fetched candidates, plus the saved ones they no longer include, by name. */
function withCurrent(fetched: readonly UserOption[] | undefined, current: readonly Option[]): Option[] {
  const options = (fetched ?? []).map(userOption);
  const missing = current.filter((c) => !options.some((o) => o.value === c.value));
  return [...options, ...missing].sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Clinic and user assignment (spec patients 2.1, 5, 6). CIRCLE users choose the clinic (not on edit) and
 * must assign a care navigator and staff; CLINIC users work in their own clinic and cannot change the
 * navigator. Physician and staff candidates are the chosen clinic's users of that role.
 */
export function AssignmentSection({
  control,
  setValue,
  mode,
  portal,
  ownClinic,
  current,
}: AssignmentSectionProps) {
  const clinicId = useWatch({ control, name: 'clinic' });
  const isCircle = portal === 'CIRCLE';
  const clinics = useClinicOptions(isCircle && mode === 'add');
  const physicians = useUserOptions('PHYSICIAN', [clinicId], Boolean(clinicId));
  const staff = useUserOptions('STAFF', [clinicId], Boolean(clinicId));
  // Care navigators belong to no clinic; a CLINIC user cannot change the navigator, so needs no list.
  const navigators = useUserOptions('CARE_NAVIGATOR', [], isCircle);

  const clinicOptions = current
    ? [current.clinic]
    : (clinics.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  // The physician and staff of one clinic cannot stay with a patient put in another.
  function handleClinicChange() {
    setValue('assignedPhysician', '', { shouldDirty: true });
    setValue('careTeam', [], { shouldDirty: true });
  }

  return (
    <SectionCard title={patientFormLabels.clinicAndUserAssignment}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {isCircle ? (
            <SelectField
              control={control}
              name="clinic"
              label={patientFormLabels.clinic}
              options={clinicOptions}
              required
              disabled={mode === 'edit'}
              onValueChange={handleClinicChange}
            />
          ) : (
            <TextField
              label={patientFormLabels.clinic}
              value={current?.clinic.label ?? ownClinic?.label ?? ''}
              disabled
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="assignedPhysician"
            label={labels.physician}
            options={withCurrent(physicians.data, current?.physician ? [current.physician] : [])}
            required
            disabled={!clinicId}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <MultiSelectField
            control={control}
            name="careTeam"
            label={labels.staff}
            options={withCurrent(staff.data, current?.staff ?? [])}
            required={isCircle}
            disabled={!clinicId}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="assignedCareNavigator"
            label={patientFormLabels.careNavigator}
            options={withCurrent(navigators.data, current?.careNavigators ?? [])}
            required={isCircle}
            disabled={!isCircle}
          />
        </Grid>
      </Grid>
    </SectionCard>
  );
}
