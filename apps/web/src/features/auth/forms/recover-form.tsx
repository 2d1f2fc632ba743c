import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { labels, RecoverForm } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { paths } from '../../../lib/paths';
import { useSubmitOnce } from '../../../lib/use-single-flight';

interface RecoverFormFieldsProps {
  pending: boolean;
  /** Settles when the server has answered: until then a second press sends nothing. */
  onSubmit: (values: RecoverForm) => Promise<unknown>;
}

export function RecoverFormFields({ pending, onSubmit }: RecoverFormFieldsProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(RecoverForm),
    defaultValues: { email: '' },
  });
  const submitOnce = useSubmitOnce(handleSubmit(onSubmit));
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submitOnce}>
      <FormTextField
        control={control}
        name="email"
        label={labels.email}
        type="email"
        autoComplete="username"
        autoFocus
      />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={paths.signIn} variant="outlined" disabled={pending}>
          {labels.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={pending}>
          {labels.submit}
        </Button>
      </Stack>
    </Stack>
  );
}
