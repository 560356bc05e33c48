/**
 * The "Scan items" mode of a step that moves a list of parts: scans (a scanner, the camera, or a
 * typed code) count units against the list's lines, each count can be corrected by hand, and a
 * scan that does not fit says so inline. The owner sends the counts in one command.
 */
import { Alert, Badge, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useScanSubscription } from '../shared/scan-events.ts';
import { type CountLine, type Counts, countError, countScan } from './scan-count.ts';
import { ScanEntry } from './scan-entry.tsx';

interface ScanCounterProps {
  lines: readonly CountLine[];
  counts: Counts;
  onChange: (counts: Counts) => void;
  /** What the counts are (Fulfil now, Receive now), for the column and the boxes' names. */
  verb: string;
}

export function ScanCounter({ lines, counts, onChange, verb }: ScanCounterProps) {
  const [message, setMessage] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);

  const scan = (text: string) => {
    const answer = countScan(lines, counts, text);
    if (!answer.ok) {
      setMessage(answer.message);
      return;
    }
    setMessage(null);
    setLast(answer.key);
    onChange(answer.counts);
  };
  useScanSubscription((s) => scan(s.text));

  return (
    <Stack gap="xs">
      <ScanEntry label="Scan or type a part number" placeholder="Part number" onCode={(text) => scan(text)} />
      {message && (
        <Alert color="red" role="alert" p="xs">
          {message}
        </Alert>
      )}
      <Table withTableBorder aria-label="Scanned counts" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Part</Table.Th>
            <Table.Th w={120}>{verb}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => {
            const count = counts[line.key] ?? 0;
            return (
              <Table.Tr key={line.key} data-part={line.part_number} bg={line.key === last ? 'var(--mantine-color-green-light)' : undefined}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {line.part_number}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {line.part_name}
                    </Text>
                    <Badge size="xs" variant="light" color={count === line.max ? 'green' : 'gray'} tt="none">
                      {count} of {line.max}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={`${verb} of ${line.part_number}`}
                    min={0}
                    max={line.max}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={count}
                    onChange={(value) => onChange({ ...counts, [line.key]: value === '' ? 0 : Number(value) })}
                    error={countError(line, count)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
