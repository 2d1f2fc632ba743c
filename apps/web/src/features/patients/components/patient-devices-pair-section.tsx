import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type DeviceBrand,
  deviceBrandLabels,
  deviceBrands,
  deviceTypes,
  imeiLength,
  labels,
  PairDeviceForm,
  pairingLabels,
  toasts,
} from '@vigil/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type Resolver,
  useController,
  useForm,
  useWatch,
} from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { showToast } from '../../../lib/toast';
import { useFocusAfter } from '../../../lib/use-focus-after';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { type PickedBrand, useFreeDevices } from '../api/get-free-devices';
import { usePairDevice } from '../api/pair-device';
import { asOptions, SelectField } from './patient-form-fields';

/** Every field any brand's connect form has; each brand's schema takes its own and ignores the rest. */
interface PairValues {
  brand: DeviceBrand | '';
  imei: string;
  macAddress: string;
  hubSerialNumber: string;
  bluetoothMA: string;
  deviceModel: string;
  hwiDeviceId: string;
  deviceObjectId: string;
  deviceName: string;
  type: string;
}

const emptyPair: PairValues = {
  brand: '',
  imei: '',
  macAddress: '',
  hubSerialNumber: '',
  bluetoothMA: '',
  deviceModel: '',
  hwiDeviceId: '',
  deviceObjectId: '',
  deviceName: '',
  type: '',
};

/** An empty field is an absent one: the optional name and type then pass, a required field says 'Required'. */
const pairInput = (values: PairValues) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

/** The core's PairDeviceForm, whose union by brand picks the rules of the chosen brand (spec patients 5). */
const pairResolver: Resolver<PairValues> = async (values) => {
  const parsed = PairDeviceForm.safeParse(pairInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<PairValues> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'brand') as keyof PairValues;
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

const brandOptions = deviceBrands.map((brand) => ({ value: brand, label: deviceBrandLabels[brand] }));
const typeOptions = asOptions(deviceTypes);
const isPicked = (brand: DeviceBrand | ''): brand is PickedBrand =>
  brand === 'Smart Meter' || brand === 'Pylo';
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, imeiLength);

interface FieldsProps {
  control: Control<PairValues>;
}

function NameAndType({ control, withType }: FieldsProps & { withType: boolean }) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <FormTextField
          control={control}
          name="deviceName"
          label={pairingLabels.deviceName}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Grid>
      {withType && (
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SelectField control={control} name="type" label={pairingLabels.deviceType} options={typeOptions} />
        </Grid>
      )}
    </>
  );
}

/** BodyTrace: the IMEI, digits only; Pair stays disabled until it has exactly 15 (spec patients 5). */
function BodyTraceFields({ control }: FieldsProps) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <Controller
          control={control}
          name="imei"
          render={({ field, fieldState }) => (
            <TextField
              label={pairingLabels.imei}
              required
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(digitsOnly(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? pairingLabels.imeiHelp}
              // No maxLength: an IMEI pasted with its dashes is cut to 15 digits by `digitsOnly`, not to
              // 15 characters by the browser first.
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            />
          )}
        />
      </Grid>
      <NameAndType control={control} withType />
    </>
  );
}

function WithingsFields({ control }: FieldsProps) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <FormTextField
          control={control}
          name="macAddress"
          label={pairingLabels.macAddress}
          required
          helperText={pairingLabels.macHelp}
          slotProps={{ htmlInput: { maxLength: 17, autoComplete: 'off' } }}
        />
      </Grid>
      <NameAndType control={control} withType />
    </>
  );
}

function EDeviceFields({ control }: FieldsProps) {
  // Four in a row only on a wide screen: at a tablet's width 'Hub Serial Number *' was cut short.
  const field = (name: 'hubSerialNumber' | 'bluetoothMA' | 'deviceName' | 'deviceModel', label: string) => (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <FormTextField
        control={control}
        name={name}
        label={label}
        required
        slotProps={{ htmlInput: { maxLength: name === 'deviceName' || name === 'deviceModel' ? 100 : 40 } }}
      />
    </Grid>
  );
  return (
    <>
      {field('hubSerialNumber', pairingLabels.hubSerialNumber)}
      {field('bluetoothMA', pairingLabels.bluetoothMA)}
      {field('deviceName', pairingLabels.deviceName)}
      {field('deviceModel', pairingLabels.modelName)}
    </>
  );
}

function TenoviFields({ control }: FieldsProps) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <FormTextField
          control={control}
          name="hwiDeviceId"
          label={pairingLabels.tenoviDeviceId}
          required
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off' } }}
        />
      </Grid>
      <NameAndType control={control} withType />
    </>
  );
}

/** Smart Meter and Pylo: an IMEI picked from the clinic's free devices of the brand (spec patients 5). */
function PickedFields({
  control,
  brand,
  patientId,
}: FieldsProps & { brand: PickedBrand; patientId: string }) {
  const free = useFreeDevices(brand, patientId);
  const { field } = useController({ control, name: 'deviceObjectId' });
  // A device picked, then paired by another user, is gone from the list (fetched again after the failed
  // Pair): so is the choice.
  const { value: picked, onChange: pick } = field;
  useEffect(() => {
    if (free.data && picked && !free.data.some((d) => d._id === picked)) pick('');
  }, [free.data, picked, pick]);
  if (free.isPending) {
    return (
      <Grid size={12}>
        <Typography color="text.secondary">{labels.loading}</Typography>
      </Grid>
    );
  }
  if (!free.data?.length) {
    return (
      <Grid size={12}>
        <Typography color="text.secondary">
          {pairingLabels.noFreeDevices(deviceBrandLabels[brand])}
        </Typography>
      </Grid>
    );
  }
  const options = free.data.map((d) => ({
    value: d._id,
    label: d.type ? `${d.imei || d.serialNumber} · ${d.type}` : d.imei || d.serialNumber,
  }));
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <SelectField
          control={control}
          name="deviceObjectId"
          label={pairingLabels.imei}
          options={options}
          required
        />
      </Grid>
      <NameAndType control={control} withType={false} />
    </>
  );
}

interface PairSectionProps {
  patientId: string;
}

/**
 * Device Info (spec patients 2.1, 5): choose a brand, then connect a device with the brand's form. It acts
 * at once through its own calls and is not part of the patient form's save; it has no <form> of its own,
 * since it sits inside the patient form's, and keeps Enter from submitting that one.
 */
export function PairDeviceSection({ patientId }: PairSectionProps) {
  const { control, handleSubmit, reset, formState } = useForm<PairValues>({
    resolver: pairResolver,
    defaultValues: emptyPair,
    mode: 'onTouched',
  });
  const values = useWatch({ control }) as PairValues;
  const brand = values.brand;
  // Choosing a brand is not an unsaved change; what is typed for it is, until it is paired.
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const pair = usePairDevice();
  const free = useFreeDevices(isPicked(brand) ? brand : null, patientId);

  const imeiIncomplete = brand === 'BODYTRACE' && !/^\d{15}$/.test(values.imei ?? '');
  const noneToPick = isPicked(brand) && !free.data?.length;

  // Refused, the pairing leaves the focus on Pair again; made, on Brand, the start of the next device's
  // pairing (not on its emptied identifier: leaving that would show it 'Required'), once the emptied form is
  // rendered. MUI's select answers its ref with a `focus` of its own.
  const focusAfter = useFocusAfter(pair.isPending);
  const brandField = useRef<{ focus: () => void } | null>(null);
  const [paired, setPaired] = useState<object | null>(null);
  useEffect(() => {
    if (paired) brandField.current?.focus();
  }, [paired]);

  // One pairing per press, however fast the second press (or Enter) comes.
  const once = useSingleFlight();
  const handlePair = handleSubmit((values) => {
    // The resolver passed these values, so the parse holds; it gives the brand's body, without the rest.
    const form = PairDeviceForm.parse(pairInput(values));
    return (
      guard
        .saving(pair.mutateAsync({ patientId, form }))
        .then(() => {
          showToast(toasts.pairSuccessful, 'success');
          reset({ ...emptyPair, brand: form.brand });
          focusAfter.current = null;
          setPaired({});
        })
        // The error's toast (a 409 carries the server's message) is the app's (app/api-errors).
        .catch(() => undefined)
    );
  });

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (!imeiIncomplete && !noneToPick) once(handlePair);
  }

  return (
    <SectionCard title={pairingLabels.deviceInfo}>
      <Stack spacing={2.5} onKeyDown={handleKeyDown}>
        <TextField
          select
          label={pairingLabels.brand}
          value={brand}
          onChange={(event) => reset({ ...emptyPair, brand: event.target.value as DeviceBrand })}
          inputRef={brandField}
          helperText={brand ? undefined : pairingLabels.chooseBrand}
          sx={{ width: { xs: '100%', sm: 'calc(50% - 10px)', md: 'calc(100% / 3 - 14px)' } }}
        >
          {brandOptions.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {brand && (
          <Grid container spacing={2.5}>
            {brand === 'BODYTRACE' && <BodyTraceFields control={control} />}
            {brand === 'Withings' && <WithingsFields control={control} />}
            {brand === 'EDEVICE' && <EDeviceFields control={control} />}
            {brand === 'Tenovi' && <TenoviFields control={control} />}
            {isPicked(brand) && <PickedFields control={control} brand={brand} patientId={patientId} />}
          </Grid>
        )}
        {brand && (
          <Button
            variant="contained"
            onClick={(event) => {
              focusAfter.current = event.currentTarget;
              once(handlePair);
            }}
            disabled={imeiIncomplete || noneToPick}
            loading={pair.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {pairingLabels.pair}
          </Button>
        )}
      </Stack>
      {guard.prompt}
    </SectionCard>
  );
}
