/** A passkey as the second step of a sign-in. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useSecondStepPasskeyOptionsMutation } from '../../api/passkeys-api.ts';
import { useSecondFactorMutation } from '../../shared/session/auth-api.ts';
import { usePasskeyAuthentication } from './use-passkey-authentication.ts';

export function PasskeyFactor() {
  const [options] = useSecondStepPasskeyOptionsMutation();
  const [send] = useSecondFactorMutation();
  // Signed in, the session slice holds the person and the page moves on by itself.
  const { supported, failure, busy, authenticate } = usePasskeyAuthentication({ options, answer: (response) => send({ method: 'passkey', response }) });
  // Said rather than hidden: for someone whose only factor is a passkey, the step would be empty.
  if (!supported)
    return (
      <Text size="sm" c="dimmed" ta="center">
        This browser cannot use passkeys. Use another factor, or a browser that supports passkeys.
      </Text>
    );

  return (
    <Stack gap="sm">
      {failure && (
        <Alert color="red" title="Login failed" role="alert">
          {failure}
        </Alert>
      )}
      <Button fullWidth onClick={() => void authenticate()} loading={busy}>
        Use your passkey
      </Button>
    </Stack>
  );
}
