/**
 * The one moment a token is seen: the token with a copy button, how to send it, and the warning
 * that it will not be shown again (only a hash of it is kept).
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedApiToken } from '../../api/tokens-api.ts';

export const NOT_SHOWN_AGAIN = 'Copy it now: this token will not be shown again.';

export function CreatedTokenPanel({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={`Token "${created.name}" created`}>
        {NOT_SHOWN_AGAIN} Only a fingerprint of it is kept, so nobody can read it back; if it is lost, revoke it and create another.
      </Alert>
      <Code
        block
        data-testid="created-token"
        aria-label="New token"
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', fontSize: 'var(--mantine-font-size-sm)' }}
      >
        {created.token}
      </Code>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Send it with every call in the header <Code>Authorization: Bearer {created.token.slice(0, 4)}…</Code>
      </Text>
    </Stack>
  );
}
