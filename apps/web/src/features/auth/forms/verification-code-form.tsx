import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { labels, VerificationCodeForm } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';

interface VerificationCodeFieldsProps {
  pending: boolean;
  onSubmit: (verificationCode: string) => void;
  onGoBack: () => void;
}

/** Login, step two: the code sent by SMS, with Go Back to step one. */
export function VerificationCodeFields({ pending, onSubmit, onGoBack }: VerificationCodeFieldsProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(VerificationCodeForm),
    defaultValues: { verificationCode: '' },
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={handleSubmit((values) => onSubmit(values.verificationCode))}
    >
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
