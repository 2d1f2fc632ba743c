import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AdminReportForm, labels, reportTexts } from '@vigil/core';
import { type Control, Controller, type Resolver, type UseFormSetValue, useWatch } from 'react-hook-form';
import { monthLabel } from '../../../lib/months';
import { type ReportClinic, useReportClinics } from '../api/get-report-clinics';
import { useReportPhysicians } from '../api/get-report-physicians';
import { type ReportMonthOption, reportMonthValue } from '../report-month-options';

/** What core's `AdminReportForm` answers once it has read a form. */
export type AdminReportValues = ReturnType<typeof AdminReportForm.parse>;

/** The values of both report forms, as the form holds them before the schema reads them. */
export interface ReportFormValues {
  kind: 'billing' | 'monitoring';
  clinic: string;
  physician: string;
  month: number;
  year: number;
  version: 'old' | 'new';
}

/**
 * Core's rules for both forms (spec administration 5). The schema takes any input (it coerces the month);
 * the form holds numbers, which it reads the same way.
 */
export const adminReportResolver = zodResolver(AdminReportForm) as unknown as Resolver<
  ReportFormValues,
  unknown,
  AdminReportValues
>;

interface ReportFieldsProps {
  control: Control<ReportFormValues, unknown, AdminReportValues>;
  setValue: UseFormSetValue<ReportFormValues>;
  months: readonly ReportMonthOption[];
  /** The clinic the reports are for, when it is not the user's to choose (a clinic user, a clinic page). */
  fixedClinic: ReportClinic | null;
}

// The disabled 'Loading...' entry: no clinic or user id looks like it.
const loadingValue = 'loading';

/** Month, clinic and physician (spec administration 2: Reports section; 5: Reports). */
export function ReportFields({ control, setValue, months, fixedClinic }: ReportFieldsProps) {
  const clinic = useWatch({ control, name: 'clinic' });
  const year = useWatch({ control, name: 'year' });
  const clinics = useReportClinics(!fixedClinic);
  const physicians = useReportPhysicians(clinic);
  const physicianOptions = (physicians.data ?? [])
    .map((p) => ({ value: p._id, label: `${p.firstName} ${p.lastName}` }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <>
      <Controller
        name="month"
        control={control}
        render={({ field, fieldState }) => {
          const value = field.value ? reportMonthValue(field.value, year) : '';
          // A month no longer offered (the list is still loading) stays shown until changed.
          const shown =
            !value || months.some((m) => m.value === value)
              ? months
              : [{ month: field.value, year, value, label: monthLabel(field.value, year) }, ...months];
          return (
            <TextField
              select
              label={reportTexts.month}
              name={field.name}
              value={value}
              onChange={(event) => {
                const option = shown.find((m) => m.value === event.target.value);
                if (!option) return;
                setValue('year', option.year);
                field.onChange(option.month);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {shown.map((m) => (
                <MenuItem key={m.value} value={m.value}>
                  {m.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }}
      />
      {fixedClinic ? (
        <TextField label={reportTexts.clinic} value={fixedClinic.name} required disabled />
      ) : (
        <Controller
          name="clinic"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              label={reportTexts.clinic}
              name={field.name}
              value={clinics.data ? field.value : ''}
              onChange={(event) => {
                field.onChange(event.target.value);
                // Another clinic's physicians are not this one's.
                setValue('physician', '');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {clinics.isPending && (
                <MenuItem value={loadingValue} disabled>
                  {labels.loading}
                </MenuItem>
              )}
              {(clinics.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <Controller
        name="physician"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={reportTexts.physician}
            name={field.name}
            value={physicians.data ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required
            // Spec administration 5: the physician dropdown is disabled until a clinic is chosen.
            disabled={!clinic}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            {physicians.isPending && (
              <MenuItem value={loadingValue} disabled>
                {labels.loading}
              </MenuItem>
            )}
            {physicianOptions.map((p) => (
              <MenuItem key={p.value} value={p.value}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}
