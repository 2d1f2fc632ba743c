import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  doseUnits,
  type Medication,
  MedicationForm,
  type MedicationView,
  medicationFrequencies,
} from '@vigil/core';
import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { chartsLabels } from './charts-labels';

interface MedicationValues {
  name: string;
  doseSize: { value: string; type: string };
  frequency: { type: string };
}

const blank: MedicationValues = { name: '', doseSize: { value: '', type: '' }, frequency: { type: '' } };

const valuesOf = (m: MedicationView | null): MedicationValues =>
  m
    ? {
        name: m.name,
        doseSize: { value: String(m.doseSize.value), type: m.doseSize.type },
        frequency: { type: m.frequency.type },
      }
    : blank;

interface MedicationsDialogProps {
  open: boolean;
  /** The medication being edited, or null for a new one. */
  editing: MedicationView | null;
  saving: boolean;
  /** Saves the medication; resolves once the list is saved, rejects when it is not. */
  onSave: (medication: Medication) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The Add Medication dialog (spec patients 2.9, 4, 5): name, dose and unit, frequency, every error at once
 * with the spec's messages. 'Save & Add Another' clears the form and stays open; 'Save & Close' closes. The
 * same dialog edits an existing medication.
 */
export function MedicationsDialog({ open, editing, saving, onSave, onClose }: MedicationsDialogProps) {
  const titleId = useId();
  const [after, setAfter] = useState<'another' | 'close'>('close');
  const { control, handleSubmit, reset, formState } = useForm<MedicationValues>({
    // The schema's output (a number dose) reaches the submit, not the typed values.
    resolver: zodResolver(MedicationForm) as unknown as Resolver<MedicationValues>,
    defaultValues: valuesOf(editing),
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !saving);
  // One save per press; the fields wait with the buttons, so nothing typed meanwhile is cleared by the save.
  const once = useSingleFlight();

  useEffect(() => {
    if (open) reset(valuesOf(editing));
  }, [open, editing, reset]);

  const handleClose = () => {
    if (!saving) guard.confirmDiscard(onClose);
  };

  const save = (next: 'another' | 'close') =>
    handleSubmit(async (values) => {
      const medication = values as unknown as Medication;
      setAfter(next);
      try {
        await guard.saving(onSave(medication));
      } catch {
        return;
      }
      reset(blank);
      if (next === 'close') onClose();
    });

  return (
    <>
      <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>
          {editing ? chartsLabels.editMedication : chartsLabels.addMedication}
        </DialogTitle>
        <form noValidate onSubmit={(event) => event.preventDefault()}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormTextField
                control={control}
                name="name"
                label={chartsLabels.name}
                required
                autoFocus
                disabled={saving}
              />
              <Stack direction="row" spacing={2}>
                <FormTextField
                  control={control}
                  name="doseSize.value"
                  label={chartsLabels.dose}
                  required
                  disabled={saving}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                <FormTextField
                  control={control}
                  name="doseSize.type"
                  select
                  label={chartsLabels.unit}
                  required
                  disabled={saving}
                >
                  {doseUnits.map((u) => (
                    <MenuItem key={u} value={u}>
                      {u}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Stack>
              <FormTextField
                control={control}
                name="frequency.type"
                select
                label={chartsLabels.frequency}
                required
                disabled={saving}
              >
                {medicationFrequencies.map((f) => (
                  <MenuItem key={f} value={f}>
                    {f}
                  </MenuItem>
                ))}
              </FormTextField>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={handleClose} disabled={saving}>
              {chartsLabels.cancel}
            </Button>
            {!editing && (
              <Button
                variant="outlined"
                onClick={(event) => once(() => save('another')(event))}
                disabled={saving}
              >
                {saving && after === 'another' ? chartsLabels.saving : chartsLabels.saveAndAddAnother}
              </Button>
            )}
            <Button
              variant="contained"
              onClick={(event) => once(() => save('close')(event))}
              disabled={saving}
            >
              {saving && after === 'close' ? chartsLabels.saving : chartsLabels.saveAndClose}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.prompt}
    </>
  );
}
