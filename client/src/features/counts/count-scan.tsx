/**
 * Counting by scanning: a location label sets where the counter stands, then every scan of a part
 * (or a serial) adds one unit of it at that place. "Send batch" turns each part of the batch into
 * one counted line, dated when its last unit was scanned. Scans from a keyboard-mode scanner, the
 * camera and the typed box all arrive here while this tab is open.
 */
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CounterLine } from '@contract/counts.ts';
import type { LocationPlace } from '@contract/scan-code.ts';
import { ScanEntry } from '../../components/scan-entry.tsx';
import { useScanSubscription } from '../../shared/scan-events.ts';
import { addToBatch, type BatchLine, batchEntries, batchKey, findLine, placeText, readScan } from './count-lines.ts';
import type { CountQueue } from './use-count-queue.ts';

export function CountScan({ lines, queue, active }: { lines: readonly CounterLine[]; queue: CountQueue; active: boolean }) {
  const [place, setPlace] = useState<LocationPlace | null>(null);
  const [batch, setBatch] = useState<BatchLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const take = (text: string) => {
    const reading = readScan(text);
    if (reading.kind === 'refused') {
      setProblem(reading.message);
      return;
    }
    setProblem(null);
    if (reading.kind === 'place') setPlace(reading.place);
    else setBatch((b) => addToBatch(b, reading.code, place, new Date().toISOString()));
  };
  useScanSubscription((scan) => take(scan.text), active);

  const units = batch.reduce((sum, b) => sum + b.units, 0);
  const send = () => {
    queue.add(batchEntries(lines, batch));
    setBatch([]);
  };

  return (
    <Stack gap="sm">
      <Paper withBorder p="xs" radius="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              Counting at
            </Text>
            <Text fw={600} data-testid="scan-place">
              {placeText(place)}
            </Text>
          </Stack>
          {place && (
            <Button size="compact-sm" variant="subtle" onClick={() => setPlace(null)}>
              Clear place
            </Button>
          )}
        </Group>
      </Paper>
      <Text size="sm" c="dimmed">
        Scan a location label to set the place, then scan each part: every scan counts one unit.
      </Text>
      <ScanEntry onCode={(text) => take(text)} label="Scan or type a code" placeholder="Part number, serial or location label" />
      {problem && (
        <Alert color="red" role="alert" p="xs">
          {problem}
        </Alert>
      )}
      <Stack gap={4} role="list" aria-label="Scanned batch">
        {batch.map((b) => {
          const line = findLine(lines, b.code, b.place, false);
          const key = batchKey(b.code, b.place);
          return (
            <Paper key={key} withBorder p="xs" radius="sm" role="listitem" aria-label={`${b.code} at ${placeText(b.place)}`}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {b.code}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {placeText(b.place)}
                    {line ? ` · line ${line.seq}` : ' · not on the list'}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  <Badge size="lg" variant="light" aria-label={`${b.units} counted`}>
                    {b.units}
                  </Badge>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`One less ${b.code}`}
                    onClick={() => setBatch((all) => all.map((x) => (x === b ? { ...x, units: x.units - 1 } : x)).filter((x) => x.units > 0))}
                  >
                    −
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Button onClick={send} disabled={batch.length === 0}>
        {batch.length === 0 ? 'Send batch' : `Send batch (${units} ${units === 1 ? 'unit' : 'units'})`}
      </Button>
    </Stack>
  );
}
