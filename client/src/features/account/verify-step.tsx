/** Step 1 of /auth, "Verify your email": the address and the one-time code from the e-mail. */
import type { SecondFactorMethod } from '@contract/sign-in.ts';
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { baseApi } from '../../api/base-api.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { toast } from '../../shared/toast.ts';
import { authenticated } from '../../shared/session/session-slice.ts';
import { useVerifyOtpMutation } from './account-api.ts';
import { AUTH_TEXT, otpType, verifyFieldsError, type AuthFlowType } from './auth-flow.ts';

interface VerifyStepProps {
  type: AuthFlowType;
  initialEmail: string;
  initialCode: string;
  onVerified: () => void;
  /** The person has a second factor: the server asks for it before signing them in. */
  onSecondFactor: (methods: SecondFactorMethod[]) => void;
}

export function VerifyStep({ type, initialEmail, initialCode, onVerified, onSecondFactor }: VerifyStepProps) {
  const dispatch = useAppDispatch();
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = verifyFieldsError(email, code);
    setMissing(error !== null);
    if (error) {
      toast.error(error);
      return;
    }
    setFailed(false);
    // Whatever a previous account left in the cache must not be shown to this one.
    dispatch(baseApi.util.resetApiState());
    const result = await verifyOtp({ email: email.trim(), token: code.trim(), type: otpType(type) });
    if (result.error || !result.data) {
      toast.error(AUTH_TEXT.invalidCode);
      setFailed(true);
      return;
    }
    if (!('user' in result.data)) {
      onSecondFactor(result.data.second_factor.methods);
      return;
    }
    dispatch(authenticated(result.data.user));
    onVerified();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Title order={2} ta="center">
          {AUTH_TEXT.verifyTitle}
        </Title>
        {failed && (
          <Alert color="red" role="alert">
            {AUTH_TEXT.verifyFailedInline}
          </Alert>
        )}
        <TextInput
          label="Email"
          maxLength={MAX_LENGTH.email}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={missing && email.trim() === ''}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput
          label="One-time code"
          maxLength={MAX_LENGTH.oneTimeCode}
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          error={missing && code.trim() === ''}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={isLoading} mt="xs">
          Next
        </Button>
      </Stack>
    </form>
  );
}
