import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type CreateAlertForm,
  createAlertForm,
  detailLabels,
  manualAlertTypes,
  messages,
  snoozeAlertRequest,
} from '@vigil/core';
import { useEffect, useId, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useSingleFlight, useSubmitOnce } from '../../../lib/use-single-flight';
import { defaultSnoozeUntil, fromPacificInput, toPacificInput } from './details-format';

/** A date and time field in Pacific wall-clock time, restricted to the future (spec patients 4). */
function FutureDateTimeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <TextField
      type="datetime-local"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      required={required}
      error={Boolean(error)}
      helperText={error ?? detailLabels.pacificTime}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toPacificInput(new Date()) } }}
    />
  );
}

interface CreateAlertValues {
  alertType: string;
  date: string;
  customDescription: string;
}

const emptyCreateAlert: CreateAlertValues = { alertType: '', date: '', customDescription: '' };

/** The dialog's fields through the core's rule: the date is read as Pacific wall-clock time. */
const createAlertResolver: Resolver<CreateAlertValues, unknown, CreateAlertForm> = async (values) => {
  const parsed = createAlertForm().safeParse({
    alertType: values.alertType || undefined,
    snoozedUntilDate: values.date ? (fromPacificInput(values.date) ?? 'invalid') : undefined,
    customDescription: values.customDescription,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'snoozedUntilDate' ? 'date' : String(issue.path[0]);
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

interface CreateAlertDialogProps {
  open: boolean;
  onClose: () => void;
  /** Answers once the server has: the dialog closes then, and stays with what was typed on a failure. */
  onCreate: (alert: CreateAlertForm) => Promise<unknown>;
}

/**
 * 'Create Alert' (spec patients 2.9, 5): type and date required (marked *), a Custom alert may carry a
 * description; the alert starts snoozed until the chosen date.
 */
export function DetailsCreateAlertDialog({ open, onClose, onCreate }: CreateAlertDialogProps) {
  const titleId = useId();
  const { control, handleSubmit, reset, watch, formState } = useForm<
    CreateAlertValues,
    unknown,
    CreateAlertForm
  >({
    resolver: createAlertResolver,
    defaultValues: emptyCreateAlert,
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty);
  const isCustom = watch('alertType') === 'Custom';

  useEffect(() => {
    if (open) reset(emptyCreateAlert);
  }, [open, reset]);

  const handleClose = () => guard.confirmDiscard(onClose);
  // The list shows the alert at once (optimistic); the dialog closes when the server has it. On a failure
  // the app's toast shows, the list is put back and the dialog keeps the input for another try. One alert
  // per press, however fast the second press (or Enter) comes.
  const submitOnce = useSubmitOnce(handleSubmit((alert) => guard.saving(onCreate(alert)).then(onClose)));

  return (
    <>
      {guard.prompt}
      <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{detailLabels.createAlert}</DialogTitle>
        <form noValidate onSubmit={submitOnce}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <FormTextField
                control={control}
                name="alertType"
                select
                label={detailLabels.alertType}
                required
                fullWidth
              >
                {manualAlertTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {detailLabels.alertTypeOptions[type] ?? type}
                  </MenuItem>
                ))}
              </FormTextField>
              <Controller
                name="date"
                control={control}
                render={({ field, fieldState }) => (
                  <FutureDateTimeField
                    label={detailLabels.alertDate}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              {isCustom && (
                <FormTextField
                  control={control}
                  name="customDescription"
                  label={detailLabels.customDescription}
                  multiline
                  minRows={2}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={handleClose} disabled={formState.isSubmitting}>
              {detailLabels.cancel}
            </Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              {detailLabels.create}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

interface SnoozeAlertDialogProps {
  /** The alert's description, under the title. */
  description: string | null;
  /** Edit changes a snoozed alert's time; both start from tomorrow, as the spec says. */
  editing: boolean;
  open: boolean;
  onClose: () => void;
  /** Settles when the server has answered. */
  onSnooze: (until: Date) => Promise<unknown>;
}

/**
 * Snooze/Edit (spec patients 4): a future date and time, defaulting to 24 hours ahead rounded to 30 minutes.
 */
export function DetailsSnoozeAlertDialog({
  description,
  editing,
  open,
  onClose,
  onSnooze,
}: SnoozeAlertDialogProps) {
  const titleId = useId();
  const [value, setValue] = useState('');
  const [initial, setInitial] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const guard = useUnsavedChangesGuard(open && value !== initial && !saving);
  const once = useSingleFlight();

  useEffect(() => {
    if (!open) return;
    const start = toPacificInput(defaultSnoozeUntil());
    setValue(start);
    setInitial(start);
    setError(undefined);
  }, [open]);

  function handleSave() {
    const parsed = snoozeAlertRequest().safeParse({ snoozeUntil: fromPacificInput(value) ?? undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.required);
      return;
    }
    // The list moves the alert at once (optimistic); the dialog closes when the server has the time. On a
    // failure the app's toast shows, the alert moves back and the dialog keeps the time for another try.
    const until = parsed.data.snoozeUntil;
    once(() => {
      setSaving(true);
      return guard
        .saving(onSnooze(until))
        .then(onClose)
        .finally(() => setSaving(false));
    });
  }

  return (
    <>
      {guard.prompt}
      <Dialog
        open={open}
        onClose={() => {
          if (!saving) guard.confirmDiscard(onClose);
        }}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{editing ? detailLabels.editSnooze : detailLabels.snoozeAlert}</DialogTitle>
        <DialogContent sx={{ pt: 0 }}>
          {description && <DialogContentTextLine text={description} />}
          <FutureDateTimeField
            label={detailLabels.snoozeUntil}
            required
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
            error={error}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => guard.confirmDiscard(onClose)} disabled={saving}>
            {detailLabels.cancel}
          </Button>
          <Button variant="contained" onClick={handleSave} loading={saving}>
            {detailLabels.save}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function DialogContentTextLine({ text }: { text: string }) {
  return <Stack sx={{ mb: 2.5, mt: 0.5, color: 'text.secondary', typography: 'body2' }}>{text}</Stack>;
}
