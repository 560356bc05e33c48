/** A passkey as the second step of a sign-in. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { AuthenticationResponse } from '@contract/sign-in.ts';
import { useState } from 'react';
import { serverMessage } from '../../api/error-message.ts';
import { ceremonyMessage, useSecondStepPasskeyOptionsMutation } from '../../api/passkeys-api.ts';
import { useSecondFactorMutation } from '../../shared/session/auth-api.ts';

export function PasskeyFactor() {
  const [options] = useSecondStepPasskeyOptionsMutation();
  const [send] = useSecondFactorMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Said rather than hidden: for someone whose only factor is a passkey, the step would be empty.
  if (!browserSupportsWebAuthn())
    return (
      <Text size="sm" c="dimmed" ta="center">
        This browser cannot use passkeys. Use another factor, or a browser that supports passkeys.
      </Text>
    );

  const answerWithPasskey = async () => {
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
      // Signed in, the session slice holds the person and the page moves on by itself.
      const result = await send({ method: 'passkey', response });
      if (result.error) setFailure(serverMessage(result.error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {failure && (
        <Alert color="red" title="Login failed" role="alert">
          {failure}
        </Alert>
      )}
      <Button fullWidth onClick={() => void answerWithPasskey()} loading={busy}>
        Use your passkey
      </Button>
    </Stack>
  );
}
