import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type DeviceBrand,
  DeviceForm,
  deviceBrandLabels,
  deviceBrands,
  deviceLabels,
  deviceTypes,
  type InventoryDevice,
} from '@vigil/core';
import { useState } from 'react';
import { type Control, Controller, type DefaultValues, type Path, useForm, useWatch } from 'react-hook-form';
import { CancelButton } from '../../../components/cancel-button';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { useClinicChoices } from '../api/get-clinic-choices';
import { deviceDisplayName, identifierLabel } from '../device-view';

/** What the form holds (the schema's input) and what it submits (the serial number, upper-cased). */
export type DeviceFormValues = DeviceForm;
export type DeviceFormResult = (typeof DeviceForm)['_zod']['output'];

interface Option {
  value: string;
  label: string;
}

const brandOptions: Option[] = deviceBrands.map((brand) => ({
  value: brand,
  label: deviceBrandLabels[brand],
}));
const typeOptions: Option[] = deviceTypes.map((type) => ({ value: type, label: type }));

function SelectField({
  control,
  name,
  label,
  options,
  required,
  helperText,
  onValueChange,
}: {
  control: Control<DeviceFormValues>;
  name: Path<DeviceFormValues>;
  label: string;
  options: readonly Option[];
  required?: boolean;
  helperText?: string;
  onValueChange?: () => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          name={field.name}
          // A value not (yet) offered, such as a clinic before the list arrives, shows empty rather than raw.
          value={options.some((o) => o.value === field.value) ? field.value : ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValueChange?.();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options.map((option) => (
            <MenuItem
              key={option.value}
              value={option.value}
              sx={option.value === '' ? { fontStyle: 'italic', color: 'text.secondary' } : undefined}
            >
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The server's 400/409 `fields` under the form's own fields; its serial number is the identifier here. */
const serverFieldNames: Record<string, Path<DeviceFormValues>> = {
  serialNumber: 'identifier',
  identifier: 'identifier',
  hubSerialNumber: 'hubSerialNumber',
  brand: 'brand',
  type: 'type',
  clinicId: 'clinicId',
};

/** The form's starting values: a new device starts without a brand or type, which are then required. */
export type DeviceFormDefaults = DefaultValues<DeviceFormValues>;

interface DeviceFormFieldsProps {
  defaultValues: DeviceFormDefaults;
  /** Add: 'Save and New', which keeps the form for the next device. Edit: 'Update Device'. */
  mode: 'add' | 'edit';
  pending: boolean;
  onSubmit: (values: DeviceFormResult) => Promise<InventoryDevice>;
  onCancel: () => void;
}

/** The add/edit device form (spec administration 2, 4 and 5: Device). */
export function DeviceFormFields({
  defaultValues,
  mode,
  pending,
  onSubmit,
  onCancel,
}: DeviceFormFieldsProps) {
  // Checked in raw mode so the fields keep what was typed; the submit applies the schema's transformation.
  const { control, handleSubmit, setError, clearErrors, reset, getValues, setFocus, trigger, formState } =
    useForm<DeviceFormValues, unknown, DeviceFormValues>({
      resolver: zodResolver(DeviceForm, undefined, { raw: true }),
      mode: 'onTouched',
      defaultValues,
    });
  const brand = useWatch({ control, name: 'brand' }) as DeviceBrand | undefined;
  const clinics = useClinicChoices(true);
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const [created, setCreated] = useState<InventoryDevice | null>(null);
  const hasErrors = Object.keys(formState.errors).length > 0;

  const clinicOptions: Option[] = [
    { value: '', label: deviceLabels.removeClinic },
    ...(clinics.data ?? []).map((c) => ({
      value: c.id,
      label: c.active ? c.name : deviceLabels.inactiveClinic(c.name),
    })),
  ];

  // The identifier's rule follows the brand: check a typed identifier again when the brand changes. The
  // hub serial number belongs to eDevice alone: its error goes with it, or Save would stay disabled with
  // no message shown.
  function handleBrandChange() {
    if (getValues('identifier')) void trigger('identifier');
    if (getValues('brand') !== 'EDEVICE') clearErrors('hubSerialNumber');
  }

  async function handleSave(values: DeviceFormValues) {
    setCreated(null);
    try {
      const device = await guard.saving(onSubmit(DeviceForm.parse(values)));
      if (mode === 'add') {
        // 'Save and New' (spec administration 4): only the identifier clears, for the next device.
        reset({ ...getValues(), identifier: '' });
        setCreated(device);
        // After the reset has rendered (and the button's loading state ended), ready for the next device.
        window.setTimeout(() => setFocus('identifier'));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fields = error.data.fields ?? {};
      for (const [field, message] of Object.entries(fields)) {
        const name = serverFieldNames[field];
        if (name) setError(name, { type: 'server', message }, { shouldFocus: true });
      }
      if (error.status === 409 && !fields.serialNumber && error.data.code === 'deviceExists')
        setError('identifier', { type: 'server', message: error.data.message }, { shouldFocus: true });
    }
  }

  const submitOnce = useSubmitOnce(handleSubmit(handleSave));

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      // One device per press, however fast the second press (or Enter) comes.
      onSubmit={submitOnce}
    >
      {created && (
        <Alert severity="success" onClose={() => setCreated(null)}>
          <AlertTitle>{deviceLabels.deviceCreated}</AlertTitle>
          {deviceLabels.createdDevice(deviceDisplayName(created), created.serialNumber)}
        </Alert>
      )}
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="brand"
            label={deviceLabels.deviceBrand}
            options={brandOptions}
            required
            onValueChange={handleBrandChange}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="type"
            label={deviceLabels.deviceType}
            options={typeOptions}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="identifier"
            label={identifierLabel(brand)}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off', spellCheck: false } }}
          />
        </Grid>
        {brand === 'EDEVICE' && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="hubSerialNumber"
              label={deviceLabels.hubSerialNumber}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off', spellCheck: false } }}
            />
          </Grid>
        )}
        <Grid size={12}>
          <SelectField
            control={control}
            name="clinicId"
            label={deviceLabels.clinic}
            options={clinicOptions}
            helperText={deviceLabels.clinicHelp}
          />
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <Button type="submit" variant="contained" size="large" loading={pending} disabled={hasErrors}>
          {mode === 'add' ? deviceLabels.saveAndNew : deviceLabels.updateDevice}
        </Button>
        <CancelButton size="large" onClick={onCancel} />
      </Stack>
      {guard.prompt}
    </Stack>
  );
}
