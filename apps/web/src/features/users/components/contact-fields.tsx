import Grid from '@mui/material/Grid';
import { labels } from '@vigil/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';

interface ContactValues extends FieldValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

interface ContactFieldsProps<T extends ContactValues> {
  control: Control<T>;
  /** The own account lets the browser fill in the user's details; a form about someone else does not. */
  autofill: boolean;
}

/** First name, last name, phone and email: the grid cells the account and user forms share. */
export function ContactFields<T extends ContactValues>({ control, autofill }: ContactFieldsProps<T>) {
  const auto = (hint: string) => (autofill ? hint : 'off');
  const field = (name: keyof ContactValues & string) => name as Path<T>;
  return (
    <>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name={field('firstName')}
          label={labels.firstName}
          autoComplete={auto('given-name')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name={field('lastName')}
          label={labels.lastName}
          autoComplete={auto('family-name')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name={field('phone')}
          label={labels.phone}
          type="tel"
          autoComplete={auto('tel')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name={field('email')}
          label={labels.email}
          type="email"
          autoComplete={auto('email')}
        />
      </Grid>
    </>
  );
}
