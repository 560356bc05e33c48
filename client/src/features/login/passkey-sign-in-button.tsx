/** "Sign in with a passkey" on /login: a passkey that verifies its holder signs them in on its own. */
import { Alert, Button, Stack } from '@mantine/core';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { AuthenticationResponse } from '@contract/sign-in.ts';
import { useState } from 'react';
import { baseApi } from '../../api/base-api.ts';
import { serverMessage } from '../../api/error-message.ts';
import { ceremonyMessage, usePasskeySignInMutation, usePasskeySignInOptionsMutation } from '../../api/passkeys-api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { authenticated } from '../../shared/session/session-slice.ts';

export function PasskeySignInButton() {
  const dispatch = useAppDispatch();
  const [options] = usePasskeySignInOptionsMutation();
  const [signIn] = usePasskeySignInMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!browserSupportsWebAuthn()) return null;

  const onClick = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const asked = await options();
      if (asked.error) return setFailure(serverMessage(asked.error));
      let response: AuthenticationResponse;
      try {
        response = await startAuthentication({ optionsJSON: asked.data });
      } catch (error) {
        return setFailure(ceremonyMessage(error));
      }
      const result = await signIn({ response });
      if (result.error) return setFailure(serverMessage(result.error));
      // Whatever a previous account left in the cache must not be shown to this one.
      dispatch(baseApi.util.resetApiState());
      dispatch(authenticated(result.data.user));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" mt="md">
      {failure && (
        <Alert color="red" title="Login failed" role="alert">
          {failure}
        </Alert>
      )}
      <Button variant="default" fullWidth onClick={() => void onClick()} loading={busy}>
        Sign in with a passkey
      </Button>
    </Stack>
  );
}
