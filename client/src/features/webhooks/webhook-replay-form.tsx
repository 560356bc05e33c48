/**
 * Replay from position: every event of the endpoint's kinds after the given ledger position is
 * queued again, in ledger order, with the same `webhook-id` as before so a receiver can tell.
 */
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { type WebhookEndpoint, useReplayWebhookMutation } from '../../api/webhooks-api.ts';
import { queuedText } from './webhook-status.ts';

export function WebhookReplayForm({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [replay, { isLoading }] = useReplayWebhookMutation();
  const [from, setFrom] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState<number | null>(null);

  const submit = async () => {
    setQueued(null);
    const position = typeof from === 'number' ? from : Number.NaN;
    if (!Number.isInteger(position) || position < 0) {
      setError('From position must be a whole number, 0 or more.');
      return;
    }
    setError(null);
    const result = await replay({ endpoint, fromPosition: position });
    if (result.error) setError(messageOr(result.error, 'The replay could not be queued.'));
    else setQueued(result.data.queued);
  };

  return (
    <Stack gap={6}>
      <NumberInput
        label="Replay from position"
        description="Every event after this ledger position is sent again, in ledger order."
        value={from}
        onChange={(next) => {
          setFrom(next);
          setQueued(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit();
        }}
        error={error}
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        // The button sits beside the box itself, level with it whatever the description's wrapping.
        inputContainer={(box) => (
          <Group gap="sm" wrap="nowrap" align="center">
            <div style={{ flex: '0 1 240px', minWidth: 0 }}>{box}</div>
            <Button onClick={() => void submit()} loading={isLoading}>
              Replay
            </Button>
          </Group>
        )}
      />
      {queued !== null && (
        <Text size="sm" fw={600} role="status">
          {queuedText(queued)}
        </Text>
      )}
    </Stack>
  );
}
