import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { type LoginForm, type LoginResponse, labels, messages } from '@vigil/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import { takeRedirectUrl } from '../../../lib/session/session-storage';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from '../components/auth-card';
import { LoginFormFields } from '../forms/login-form';
import { VerificationCodeFields } from '../forms/verification-code-form';
import { postLoginDestination, setPasswordUrl } from '../post-login-destination';

/** The login steps of spec administration 4: EmailPassword, then VerificationCode when asked for. */
type LoginStep =
  | { name: 'EmailPassword'; email: string }
  | { name: 'VerificationCode'; credentials: LoginForm; notice: string };

export function SignInPage() {
  const [searchParams] = useSearchParams();
  const sessionTimedOut = searchParams.get('sessionTimedOut') === 'true';
  const [step, setStep] = useState<LoginStep>({ name: 'EmailPassword', email: '' });
  const signIn = useSignIn();
  const { dispatch } = useSession();
  const navigate = useNavigate();

  function handleAnswer(answer: LoginResponse, credentials: LoginForm) {
    if ('pendingVerificationCode' in answer) {
      setStep({ name: 'VerificationCode', credentials, notice: answer.message });
      return;
    }
    if (answer.user.isTemporaryPassword) {
      // The token of this answer is a single-use set-password token, not a session: nothing is stored.
      navigate(setPasswordUrl(answer.token, answer.user.userId));
      return;
    }
    const landing = postLoginDestination(answer.user, takeRedirectUrl());
    dispatch({ type: 'signIn', token: answer.token, user: answer.user, landing });
  }

  async function handleCredentials(credentials: LoginForm) {
    handleAnswer(await signIn.mutateAsync(credentials), credentials);
  }

  async function handleVerificationCode(verificationCode: string) {
    if (step.name !== 'VerificationCode') return;
    const { credentials } = step;
    handleAnswer(await signIn.mutateAsync({ ...credentials, verificationCode }), credentials);
  }

  function handleGoBack() {
    if (step.name === 'VerificationCode') setStep({ name: 'EmailPassword', email: step.credentials.email });
  }

  return (
    <AuthCard title={labels.login}>
      <Stack spacing={3}>
        {sessionTimedOut && step.name === 'EmailPassword' && (
          <Alert severity="warning">{messages.sessionTimedOut}</Alert>
        )}
        {step.name === 'EmailPassword' ? (
          <LoginFormFields
            key="email-password"
            defaultValues={{ email: step.email, password: '' }}
            pending={signIn.isPending}
            onSubmit={handleCredentials}
          />
        ) : (
          <>
            <Alert severity="info">{step.notice}</Alert>
            <VerificationCodeFields
              key="verification-code"
              pending={signIn.isPending}
              onSubmit={handleVerificationCode}
              onGoBack={handleGoBack}
            />
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
