/** An authenticator app's code, or a recovery code, as the second step of a sign-in. */
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../api/error-message.ts';
import { useSecondFactorMutation } from '../../shared/session/auth-api.ts';

const LABELS = { totp: 'Authentication code', recovery: 'Recovery code' } as const;

export function CodeFactorForm({ method }: { method: 'totp' | 'recovery' }) {
  const [code, setCode] = useState('');
  const [send, { isLoading, error }] = useSecondFactorMutation();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return;
    // Signed in, the session slice holds the person and the login page moves on by itself.
    await send({ method, code: code.trim() });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" title="Login failed" role="alert">
            {serverMessage(error)}
          </Alert>
        )}
        <TextInput
          label={LABELS[method]}
          description={method === 'totp' ? 'The 6-digit code your authenticator app shows' : 'One of the codes you saved, like abcde-23456'}
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={24}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={isLoading} disabled={!code.trim()}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
