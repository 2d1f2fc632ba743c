import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import {
  type ConsentStatus,
  consentStatuses,
  contactConsentStatuses,
  contactTimes,
  formatPhone,
  labels,
  maxDailyReminders,
  patientFormLabels,
  patientFormNotices,
  phoneDigits,
  reminderTimeSlots,
  textConsentOptions,
  weekDays,
  yesNo,
} from '@vigil/core';
import { useEffect } from 'react';
import { type Control, type UseFormGetValues, type UseFormSetValue, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { SectionCard } from '../../../components/section-card';
import type { PatientFormValues } from '../forms/patient-form-values';
import { asOptions, CheckboxGroupField, SelectField } from './patient-form-fields';

const consentOptions = asOptions(consentStatuses);
const dayOptions = asOptions(weekDays);
const timeOptions = asOptions(contactTimes);
const textConsentChoices = asOptions(textConsentOptions);
const yesNoOptions = yesNo.map((value) => ({ value, label: value === 'Yes' ? labels.yes : labels.no }));
const reminderCountOptions = Array.from({ length: maxDailyReminders }, (_, i) => String(i + 1)).map((n) => ({
  value: n,
  label: n,
}));
const slotOptions = asOptions(reminderTimeSlots);

interface PreferencesSectionProps {
  control: Control<PatientFormValues>;
  setValue: UseFormSetValue<PatientFormValues>;
  getValues: UseFormGetValues<PatientFormValues>;
}

/** The patient's Cell phones with a number, by their digits: the texting number's choices. */
function cellPhoneOptions(phones: PatientFormValues['phones']) {
  const options = new Map<string, string>();
  for (const phone of phones ?? []) {
    const digits = phoneDigits(phone?.number ?? '');
    if (phone?.type === 'Cell' && digits) options.set(digits, formatPhone(phone.number));
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

/**
 * Consent and Patient preferences (spec patients 2.1, 4): contact days and times, text consent with the
 * texting number, SMS reading reminders with their half-hour slots and days, email consent and the
 * monthly report, and the emergency contact. Texts and emails need a consent obtained by staff or by
 * telephone: any other consent turns them off at once, as the server will on save.
 */
export function PreferencesSection({ control, setValue, getValues }: PreferencesSectionProps) {
  const [consentStatus, textConsent, remindersConsent, reminderCount, everyDay, emailConsent, phones, phone] =
    useWatch({
      control,
      name: [
        'consent.status',
        'preferences.textConsent',
        'preferences.remindersConsent',
        'preferences.numberDailyReminders',
        'preferences.dailyRemindersConsent',
        'preferences.emailConsent',
        'phones',
        'phone',
      ],
    });
  const contactAllowed = contactConsentStatuses.includes(consentStatus as ConsentStatus);
  const cellOptions = cellPhoneOptions(phones);
  const slots = remindersConsent === 'Yes' ? Number(reminderCount) || 0 : 0;

  // Spec patients 4: the texting phone is cleared once it is no longer one of the patient's Cell numbers.
  const textingNumberGone = Boolean(phone) && !cellOptions.some((o) => o.value === phoneDigits(phone ?? ''));
  useEffect(() => {
    if (textingNumberGone) setValue('phone', '', { shouldDirty: true });
  }, [textingNumberGone, setValue]);

  function handleConsentChange(status: string) {
    if (contactConsentStatuses.includes(status as ConsentStatus)) return;
    for (const name of [
      'preferences.textConsent',
      'preferences.remindersConsent',
      'preferences.emailConsent',
    ] as const)
      setValue(name, 'No', { shouldDirty: true });
    setValue('phone', '', { shouldDirty: true });
  }

  // One slot picker per reminder: the list grows or shrinks with the count, keeping the slots chosen.
  function handleReminderCountChange(count: string) {
    const times = getValues('preferences.reminderTimes') ?? [];
    setValue(
      'preferences.reminderTimes',
      Array.from({ length: Number(count) }, (_, i) => times[i] ?? ''),
      { shouldDirty: true },
    );
  }

  return (
    <SectionCard title={patientFormLabels.patientPreferences}>
      <Grid container spacing={2.5}>
        <Grid size={12}>
          <RadioField
            control={control}
            name="consent.status"
            required
            label={patientFormLabels.consent}
            options={consentOptions}
            onValueChange={handleConsentChange}
          />
        </Grid>
        <Grid size={12}>
          <CheckboxGroupField
            control={control}
            name="preferences.daysToContact"
            label={patientFormLabels.bestDaysToContact}
            options={dayOptions}
          />
        </Grid>
        <Grid size={12}>
          <CheckboxGroupField
            control={control}
            name="preferences.timesToContact"
            label={patientFormLabels.bestTimesToContact}
            options={timeOptions}
          />
        </Grid>
        {!contactAllowed && (
          <Grid size={12}>
            <Alert severity="info">{patientFormNotices.contactNeedsConsent}</Alert>
          </Grid>
        )}
        <Grid size={{ xs: 12, md: textConsent === 'Yes' ? 7 : 12 }}>
          <RadioField
            control={control}
            name="preferences.textConsent"
            label={patientFormLabels.textConsent}
            options={textConsentChoices}
            disabled={!contactAllowed}
          />
        </Grid>
        {contactAllowed && textConsent === 'Yes' && (
          <Grid size={{ xs: 12, sm: 6, md: 5 }}>
            <SelectField
              control={control}
              name="phone"
              label={patientFormLabels.textingNumber}
              options={cellOptions}
              required
              helperText={cellOptions.length ? undefined : patientFormNotices.noCellPhone}
            />
          </Grid>
        )}
        <Grid size={12}>
          <RadioField
            control={control}
            name="preferences.remindersConsent"
            label={patientFormLabels.remindersConsent}
            options={yesNoOptions}
            disabled={!contactAllowed}
          />
        </Grid>
        {contactAllowed && remindersConsent === 'Yes' && textConsent !== 'Yes' && (
          <Grid size={12}>
            <Alert severity="warning">{patientFormNotices.remindersNeedTextConsent}</Alert>
          </Grid>
        )}
        {contactAllowed && remindersConsent === 'Yes' && (
          <>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <SelectField
                control={control}
                name="preferences.numberDailyReminders"
                label={patientFormLabels.numberDailyReminders}
                options={reminderCountOptions}
                required
                onValueChange={handleReminderCountChange}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 8 }}>
              <RadioField
                control={control}
                name="preferences.dailyRemindersConsent"
                label={patientFormLabels.everyDay}
                options={yesNoOptions}
              />
            </Grid>
            {Array.from({ length: slots }, (_, i) => (
              // The slots are positions in a list of equal pickers; the position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Grid key={i} size={{ xs: 6, sm: 4, md: 3 }}>
                <SelectField
                  control={control}
                  name={`preferences.reminderTimes.${i}`}
                  label={patientFormLabels.reminderTime(i + 1)}
                  options={slotOptions}
                  required
                />
              </Grid>
            ))}
            {everyDay === 'No' && (
              <Grid size={12}>
                <CheckboxGroupField
                  control={control}
                  name="preferences.daysToTextReminders"
                  label={patientFormLabels.daysToTextReminders}
                  options={dayOptions}
                />
              </Grid>
            )}
          </>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <RadioField
            control={control}
            name="preferences.emailConsent"
            label={patientFormLabels.emailConsent}
            options={yesNoOptions}
            disabled={!contactAllowed}
          />
        </Grid>
        {contactAllowed && emailConsent === 'Yes' && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <RadioField
              control={control}
              name="preferences.monthlyReportConsent"
              label={patientFormLabels.monthlyReportEmailed}
              options={yesNoOptions}
            />
          </Grid>
        )}
        <Grid size={12}>
          <Divider sx={{ mb: 2 }} />
          <Typography variant="h3" component="h3">
            {patientFormLabels.emergencyContact}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField
            control={control}
            name="preferences.emergencyContactFirstName"
            label={patientFormLabels.emergencyContactFirstName}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField
            control={control}
            name="preferences.emergencyContactLastName"
            label={patientFormLabels.emergencyContactLastName}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField
            control={control}
            name="preferences.emergencyContactNumber"
            label={patientFormLabels.emergencyContactPhone}
            type="tel"
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="preferences.notes"
            label={patientFormLabels.emergencyContactNotes}
            multiline
            minRows={2}
          />
        </Grid>
      </Grid>
    </SectionCard>
  );
}
