import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { labels, VerificationCodeForm } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useSubmitOnce } from '../../../lib/use-single-flight';

interface VerificationCodeFieldsProps {
  pending: boolean;
  /** Settles when the server has answered: until then a second press sends nothing. */
  onSubmit: (verificationCode: string) => Promise<unknown>;
  onGoBack: () => void;
}

/** Login, step two: the code sent by SMS, with Go Back to step one. */
export function VerificationCodeFields({ pending, onSubmit, onGoBack }: VerificationCodeFieldsProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(VerificationCodeForm),
    defaultValues: { verificationCode: '' },
  });
  const submitOnce = useSubmitOnce(handleSubmit((values) => onSubmit(values.verificationCode)));
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submitOnce}>
      <FormTextField
        control={control}
        name="verificationCode"
        label={labels.verificationCode}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Button type="submit" variant="contained" size="large" loading={pending}>
        {labels.login}
      </Button>
      <Button variant="text" onClick={onGoBack} disabled={pending}>
        {labels.goBack}
      </Button>
    </Stack>
  );
}
