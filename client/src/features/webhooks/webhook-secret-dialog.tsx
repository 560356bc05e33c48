/**
 * The signing secret, shown once: after an endpoint is added and after its secret is rotated. The
 * server keeps no way to show it again, so the dialog says so and offers a copy button.
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { WEBHOOK_HEADERS } from '@contract/webhooks.ts';
import { AppModal } from '../../components/app-modal.tsx';

interface WebhookSecretDialogProps {
  /** The endpoint's address and its new secret; null while nothing is to be shown. */
  shown: { url: string; secret: string } | null;
  onClose: () => void;
}

export function WebhookSecretDialog({ shown, onClose }: WebhookSecretDialogProps) {
  return (
    <AppModal opened={shown !== null} onClose={onClose} title="Signing secret" size="lg" closeOnClickOutside={false}>
      {shown && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" title="Copy it now">
            This secret will not be shown again. Keep it with the receiver at {shown.url}; if it is lost, rotate the secret.
          </Alert>
          <Textarea
            label="Signing secret"
            readOnly
            autosize
            minRows={1}
            value={shown.secret}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Text size="sm">
            Every request is signed as the Standard Webhooks specification describes: it carries <Code>{WEBHOOK_HEADERS.id}</Code>,{' '}
            <Code>{WEBHOOK_HEADERS.timestamp}</Code> and <Code>{WEBHOOK_HEADERS.signature}</Code> headers. The receiver verifies them with this secret (for
            example <Code>new Webhook(secret).verify(body, headers)</Code> from a Standard Webhooks library) and ignores a <Code>{WEBHOOK_HEADERS.id}</Code> it
            has already handled, since a retry or a replay sends the same one again.
          </Text>
          <Group justify="space-between">
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'default'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
