/** "Sign in with a passkey" on /login: a passkey that verifies its holder signs them in on its own. */
import { Alert, Button, Stack } from '@mantine/core';
import { baseApi } from '../../api/base-api.ts';
import { usePasskeySignInMutation, usePasskeySignInOptionsMutation } from '../../api/passkeys-api.ts';
import { usePasskeyAuthentication } from '../../components/second-factor/use-passkey-authentication.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { authenticated } from '../../shared/session/session-slice.ts';

export function PasskeySignInButton() {
  const dispatch = useAppDispatch();
  const [options] = usePasskeySignInOptionsMutation();
  const [signIn] = usePasskeySignInMutation();
  const { supported, failure, busy, authenticate } = usePasskeyAuthentication({
    options,
    answer: (response) => signIn({ response }),
    onAccepted: ({ user }) => {
      // Whatever a previous account left in the cache must not be shown to this one.
      dispatch(baseApi.util.resetApiState());
      dispatch(authenticated(user));
    },
  });
  if (!supported) return null;

  return (
    <Stack gap="sm" mt="md">
      {failure && (
        <Alert color="red" title="Login failed" role="alert">
          {failure}
        </Alert>
      )}
      <Button variant="default" fullWidth onClick={() => void authenticate()} loading={busy}>
        Sign in with a passkey
      </Button>
    </Stack>
  );
}
