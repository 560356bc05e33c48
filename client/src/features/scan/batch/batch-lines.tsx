/**
 * The scanned lines of a batch, newest last, each with what is wrong with it before sending and,
 * once sent, its result: OK with the asset it made or moved, its refusal, or not applied.
 */
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { SCAN_BATCH_MESSAGES, type ScanBatchLine } from '@contract/scan.ts';
import { trackerPath } from '@contract/scan-paths.ts';
import { Link } from 'react-router-dom';
import type { BatchLine } from './batch-rules.ts';
import { KEPT_ON_DEVICE, NOT_YET_SENT } from '../../../offline/saved-notice.ts';

interface BatchLinesProps {
  lines: readonly BatchLine[];
  flags: ReadonlyMap<number, string | null>;
  results: ReadonlyMap<number, ScanBatchLine>;
  /** The batch was kept on this device while offline: every line waits to be sent. */
  kept?: boolean;
  /** Absent once the batch went through: its lines are a record then. */
  onRemove?: (id: number) => void;
}

export function BatchLines({ lines, flags, results, kept = false, onRemove }: BatchLinesProps) {
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing scanned yet. Scan codes one after another; each one is a line.
      </Text>
    );
  }
  return (
    <Stack gap={6} role="list" aria-label="Scanned lines">
      {lines.map((line, at) => (
        <LineRow key={line.id} number={at + 1} line={line} flag={flags.get(line.id) ?? null} result={results.get(line.id)} kept={kept} onRemove={onRemove} />
      ))}
    </Stack>
  );
}

function LineRow({
  number,
  line,
  flag,
  result,
  kept,
  onRemove,
}: {
  number: number;
  line: BatchLine;
  flag: string | null;
  result: ScanBatchLine | undefined;
  kept: boolean;
  onRemove?: (id: number) => void;
}) {
  const refused = result && !result.ok && result.status !== SCAN_BATCH_MESSAGES.notApplied;
  return (
    <Paper
      withBorder
      p={8}
      role="listitem"
      aria-label={`Line ${number} ${line.code}`}
      style={flag || refused ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" w={28} ta="right">
          {number}
        </Text>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {line.code}
          </Text>
          {flag && (
            <Text size="xs" c="red">
              {flag}
            </Text>
          )}
          {result && <Result result={result} />}
          {kept && <Kept />}
        </Stack>
        {onRemove && (
          <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${line.code}`} onClick={() => onRemove(line.id)}>
            ×
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

function Kept() {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color="orange" variant="light" tt="none" size="sm" miw="max-content">
        {KEPT_ON_DEVICE}
      </Badge>
      <Text size="xs" c="dimmed">
        {NOT_YET_SENT}
      </Text>
    </Group>
  );
}

function Result({ result }: { result: ScanBatchLine }) {
  if (result.ok) {
    return (
      <Group gap={6}>
        <Badge color="green" variant="light" tt="none" size="sm">
          OK
        </Badge>
        {result.instance_id && (
          <Anchor component={Link} to={trackerPath(result.instance_id)} size="xs">
            Open the asset
          </Anchor>
        )}
      </Group>
    );
  }
  const notApplied = result.status === SCAN_BATCH_MESSAGES.notApplied;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Badge color={notApplied ? 'gray' : 'red'} variant="light" tt="none" size="sm" miw="max-content">
        {notApplied ? 'Not applied' : 'Refused'}
      </Badge>
      <Text size="xs" c={notApplied ? 'dimmed' : 'red'}>
        {result.status}
      </Text>
    </Group>
  );
}
