/**
 * The second step of a sign-in, after the password (or an e-mailed code, a link, single sign-on):
 * a passkey, an authenticator code, or a recovery code. The server already holds the first step;
 * signing in here lands in the session like the password did.
 */
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { SecondFactorMethod } from '@contract/sign-in.ts';
import { useState } from 'react';
import { CodeFactorForm } from './code-factor-form.tsx';
import { PasskeyFactor } from './passkey-factor.tsx';

export const SECOND_STEP_TITLE = 'Two-step verification';

export function SecondFactorStep({ methods, onCancel }: { methods: SecondFactorMethod[]; onCancel: () => void }) {
  const codes = methods.filter((m): m is 'totp' | 'recovery' => m === 'totp' || m === 'recovery');
  // A recovery code is the way back for someone without their phone or key: offered, never first.
  const [code, setCode] = useState<'totp' | 'recovery' | null>(codes.includes('totp') ? 'totp' : methods.includes('passkey') ? null : (codes[0] ?? null));
  return (
    <Paper withBorder radius="md" p="lg" shadow="sm">
      <Title order={2} ta="center" mb="xs">
        {SECOND_STEP_TITLE}
      </Title>
      <Text size="sm" c="dimmed" ta="center" mb="md">
        Confirm it is you with your second factor.
      </Text>
      <Stack gap="md">
        {methods.includes('passkey') && <PasskeyFactor />}
        {code && <CodeFactorForm key={code} method={code} />}
        <Stack gap={4} align="center">
          {codes.includes('totp') && code !== 'totp' && (
            <Anchor component="button" type="button" size="sm" onClick={() => setCode('totp')}>
              Use your authenticator app
            </Anchor>
          )}
          {codes.includes('recovery') && code !== 'recovery' && (
            <Anchor component="button" type="button" size="sm" onClick={() => setCode('recovery')}>
              Use a recovery code
            </Anchor>
          )}
        </Stack>
        <Button variant="subtle" onClick={onCancel}>
          Start over
        </Button>
      </Stack>
    </Paper>
  );
}
