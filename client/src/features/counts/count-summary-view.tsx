/**
 * One count as the lists show it: name, state, due date (overdue marked), progress, accuracy once
 * posted, and the way in for what the caller may do (count it, review it).
 */
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { CountStatus, CountSummary } from '@contract/counts.ts';
import { Link } from 'react-router-dom';
import { formatDate } from '../../shared/format.ts';

export const STATUS_LABELS: Record<CountStatus, string> = { open: 'Open', posted: 'Posted', cancelled: 'Cancelled' };
const STATUS_COLORS: Record<CountStatus, string> = { open: 'blue', posted: 'green', cancelled: 'gray' };

/** Today as YYYY-MM-DD in the browser's own day. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An open count whose due day has passed. */
export const isOverdue = (s: Pick<CountSummary, 'status' | 'due_date'>, day = today()) => s.status === 'open' && s.due_date !== null && s.due_date < day;

/** "92.5 %" */
export const percentText = (value: number | null) => (value === null ? '—' : `${Number(value.toFixed(1))} %`);

/** The due date as written (a plain day, not an instant, so no time zone can move it). */
const dueText = (due: string) => {
  const [y, m, d] = due.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).toLocaleDateString();
};

export function CountSummaryCard({ count }: { count: CountSummary }) {
  const overdue = isOverdue(count);
  return (
    <Paper withBorder p="sm" radius="md" role="listitem" aria-label={count.name} data-count={count.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700}>{count.name}</Text>
            <Text size="xs" c="dimmed">
              {count.location_label} · {count.scope_label}
              {count.blind ? ' · blind' : ''}
              {count.double_count ? ' · double count' : ''}
            </Text>
          </Stack>
          <Badge color={STATUS_COLORS[count.status]} variant="light">
            {STATUS_LABELS[count.status]}
          </Badge>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            Due:{' '}
            {count.due_date ? (
              <Text span c={overdue ? 'red' : undefined} fw={overdue ? 700 : undefined} inherit>
                {dueText(count.due_date)}
                {overdue ? ' (overdue)' : ''}
              </Text>
            ) : (
              '—'
            )}
          </Text>
          <Text size="sm">
            Counted: {count.lines_counted} / {count.line_total}
          </Text>
          {count.recounts_pending > 0 && (
            <Text size="sm" c="orange">
              {count.recounts_pending} to recount
            </Text>
          )}
          {count.status === 'posted' && (
            <Text size="sm">
              Accuracy: {percentText(count.accuracy)} · {count.adjustments ?? 0} adjustments · {formatDate(count.posted_at)}
            </Text>
          )}
        </Group>
        {count.status === 'open' && <Progress size="sm" value={count.line_total ? (count.lines_counted / count.line_total) * 100 : 0} aria-hidden />}
        <Group gap="xs">
          {count.can_count && count.status === 'open' && (
            <Button component={Link} to={`/counts/${count.id}/count`} size="compact-sm" aria-label={`Count ${count.name}`}>
              Count
            </Button>
          )}
          {count.can_review && (
            <Button component={Link} to={`/counts/${count.id}/review`} size="compact-sm" variant="light" aria-label={`Review ${count.name}`}>
              Review
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
