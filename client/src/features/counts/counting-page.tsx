/**
 * The counting page (/counts/:id/count), made for a phone: what to count and where, grouped by
 * place, and three ways to enter counts (typing, scanning a batch, a printed sheet typed back).
 * Blind: nothing here ever shows what the books expect; the counter sees only their own counts.
 * Counts go through the app's offline queue, so a lost network never loses a line.
 */
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CounterLine } from '@contract/counts.ts';
import { messageOr } from '../../api/error-message.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useScanSubscription } from '../../shared/scan-events.ts';
import { CountQueuePanel } from './count-queue-panel.tsx';
import { CountScan } from './count-scan.tsx';
import { CountSheet } from './count-sheet.tsx';
import { CountTyping } from './count-typing.tsx';
import { groupByPlace, LINE_STATUS_COLORS, NO_PLACE, LINE_STATUS_LABELS, lineWhat, readScan, searchLines } from './count-lines.ts';
import { useCountLinesQuery, useGetCountQuery } from './counts-api.ts';
import { useCountQueue } from './use-count-queue.ts';
import { KEPT_ON_DEVICE } from '../../offline/saved-notice.ts';

/** Lines shown at once; a search narrows the rest. */
const SHOWN = 150;

export function CountingPage() {
  const { id = '' } = useParams();
  const count = useGetCountQuery(id || skipToken);
  const lines = useCountLinesQuery(id || skipToken);
  if (count.error || lines.error) {
    return (
      <Alert color="red" role="alert">
        {messageOr(count.error ?? lines.error, 'The count could not be loaded.')}
      </Alert>
    );
  }
  if (!count.data || !lines.data) return <FullPageLoader />;
  return <Counting id={id} count={count.data} lines={lines.data} />;
}

type Mode = 'type' | 'scan' | 'sheet';

function Counting({ id, count, lines }: { id: string; count: NonNullable<ReturnType<typeof useGetCountQuery>['data']>; lines: CounterLine[] }) {
  const queue = useCountQueue(id);
  const [mode, setMode] = useState<Mode>('type');
  const [picked, setPicked] = useState('');
  const [search, setSearch] = useState('');
  const open = count.status === 'open';
  const counted = lines.filter((line) => line.status === 'counted').length;
  const shown = searchLines(lines, search);
  const refusedFor = new Map(queue.queue.filter((e) => e.refused && e.body.line_id).map((e) => [e.body.line_id!, e.refused!]));
  const keptFor = new Set(queue.kept.filter((k) => k.problem === null && k.lineId).map((k) => k.lineId!));

  // Outside the scan tab a scanned part or line fills the typed entry rather than leaving the page.
  useScanSubscription((scan) => {
    const reading = readScan(scan.text);
    if (reading.kind === 'code') setPicked(reading.code);
  }, mode !== 'scan');

  return (
    <Stack gap="sm" maw={720}>
      <PageHeader title={count.name}>
        {count.can_review && (
          <Button component={Link} to={`/counts/${id}/review`} variant="light" size="compact-sm">
            Review
          </Button>
        )}
      </PageHeader>
      <Text size="sm" c="dimmed" mt={-12}>
        {count.location_label} · {count.scope_label}
      </Text>
      <Paper withBorder p="xs" radius="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="count-progress">
            {counted} of {lines.length} lines counted
          </Text>
          {count.double_count && (
            <Badge variant="light" size="sm">
              Double count
            </Badge>
          )}
        </Group>
        <Progress value={lines.length ? (counted / lines.length) * 100 : 0} mt={6} aria-label="Lines counted" />
      </Paper>
      {!open && (
        <Alert color="gray" role="status">
          {count.status === 'posted' ? 'This count has been posted' : 'This count was cancelled'}: nothing more can be counted.
        </Alert>
      )}
      <CountQueuePanel queue={queue} />
      {open && (
        <Tabs value={mode} onChange={(v) => setMode((v as Mode | null) ?? 'type')} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="type">Type</Tabs.Tab>
            <Tabs.Tab value="scan">Scan</Tabs.Tab>
            <Tabs.Tab value="sheet">Count sheet</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="type" pt="sm">
            <CountTyping lines={lines} picked={picked} onPickedChange={setPicked} onCount={(entry) => queue.add([entry])} />
          </Tabs.Panel>
          <Tabs.Panel value="scan" pt="sm">
            <CountScan lines={lines} queue={queue} active={mode === 'scan'} />
          </Tabs.Panel>
          <Tabs.Panel value="sheet" pt="sm">
            <CountSheet count={count} lines={lines} />
          </Tabs.Panel>
        </Tabs>
      )}
      {mode !== 'sheet' && (
        <Stack gap="xs">
          <TextInput label="Find a line" placeholder="Line number, part, place" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          {lines.length === 0 ? (
            <Text c="dimmed">Nothing to count in this count.</Text>
          ) : shown.length === 0 ? (
            <Text c="dimmed">No line matches “{search.trim()}”.</Text>
          ) : (
            groupByPlace(shown.slice(0, SHOWN)).map((group, _, groups) => (
              <Stack key={group.label} gap={4} role="list" aria-label={group.label}>
                {/* A project's stock has no places: one "No location" heading would say nothing. */}
                {(groups.length > 1 || group.label !== NO_PLACE) && (
                  <Text fw={700} size="sm">
                    {group.label}
                  </Text>
                )}
                {group.lines.map((line) => (
                  <LineRow
                    key={line.line_id}
                    line={line}
                    double={count.double_count}
                    refused={refusedFor.get(line.line_id) ?? null}
                    kept={keptFor.has(line.line_id)}
                    onCount={
                      open
                        ? () => {
                            setMode('type');
                            setPicked(String(line.seq));
                          }
                        : null
                    }
                  />
                ))}
              </Stack>
            ))
          )}
          {shown.length > SHOWN && (
            <Text size="sm" c="dimmed">
              Showing {SHOWN} of {shown.length} lines; search to find the others.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function LineRow({
  line,
  double,
  refused,
  kept,
  onCount,
}: {
  line: CounterLine;
  double: boolean;
  refused: string | null;
  kept: boolean;
  onCount: (() => void) | null;
}) {
  return (
    <Paper withBorder p="xs" radius="sm" role="listitem" aria-label={`Line ${line.seq} ${lineWhat(line)}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {line.seq} · {lineWhat(line)}
          </Text>
          {line.part_name && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {line.part_name}
            </Text>
          )}
          {line.my_count !== null && <Text size="xs">You counted {line.my_count}</Text>}
          {double && line.counts > 0 && line.needs_count_from_me && <Text size="xs">Needs a second count from you</Text>}
          {kept && (
            <Text size="xs" c="orange.9" fs="italic">
              {KEPT_ON_DEVICE}, not yet sent
            </Text>
          )}
          {refused && (
            <Text size="xs" c="red">
              {refused}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge color={LINE_STATUS_COLORS[line.status]} variant="light" size="sm">
            {LINE_STATUS_LABELS[line.status]}
          </Badge>
          {onCount && (
            <Button size="compact-xs" variant="default" onClick={onCount} aria-label={`Count line ${line.seq}`}>
              Count
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
