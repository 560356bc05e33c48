/**
 * A page of the activity log, newest first, each row tinted by its type. Two layouts: the
 * Project Logs columns, and the Assign/Unassign Logs columns (spec 01 §2).
 */
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LogRow } from '../api/material-types.ts';
import { formatDateTime } from '../shared/format.ts';
import { usePhone } from '../shared/use-phone.ts';
import { logTypeColor } from './log-colors.ts';
import { NoData } from './no-data.tsx';

export const NO_LOGS_TEXT = 'No logs to display';

export type LogLayout = 'movements' | 'assignments';

interface LogTableProps {
  rows: readonly LogRow[];
  layout: LogLayout;
  /** The name shown for a row's part (its nickname when the nickname toggle is on). */
  nameOf?: (row: LogRow) => string;
  emptyText?: string;
  /** Something to do with a row (the Project Logs offer to reverse a bulk upload); null for none. */
  rowAction?: (row: LogRow) => ReactNode;
}

/** Where a row came from, when not from one person at a form. */
export function logOrigin(row: Pick<LogRow, 'source' | 'reverses_batch_id'>): string | null {
  if (row.source === 'bulk') return 'bulk upload';
  if (row.source === 'bulk-reversal' && row.reverses_batch_id) return `reverses upload ${row.reverses_batch_id.slice(0, 8)}`;
  return null;
}

/**
 * A corrected entry is struck through with a link to its correction, and a correction links back
 * to the entry it corrects (rows carry `log-<position>` ids, so the link scrolls to a row shown).
 */
export function CorrectionLink({ row }: { row: Pick<LogRow, 'corrected_by' | 'corrects_position' | 'note'> }) {
  if (row.corrected_by !== null) {
    return (
      <Anchor href={`#log-${row.corrected_by}`} size="xs" display="block" c="yellow.9" style={{ textDecoration: 'none' }}>
        Corrected by entry #{row.corrected_by}
      </Anchor>
    );
  }
  if (row.corrects_position !== null) {
    return (
      <Text size="xs" c="dimmed">
        <Anchor href={`#log-${row.corrects_position}`} size="xs" c="yellow.9">
          Corrects entry #{row.corrects_position}
        </Anchor>
        {row.note ? `: ${row.note}` : ''}
      </Text>
    );
  }
  return null;
}

const struck = (row: Pick<LogRow, 'corrected_by'>) => (row.corrected_by !== null ? ({ textDecoration: 'line-through' } as const) : undefined);

export function LogTypeBadge({ type }: { type: string }) {
  return (
    <Badge
      tt="none"
      color={logTypeColor(type)}
      variant="filled"
      size="sm"
      radius="sm"
      // The label's own ellipsis cut "Unassign" to "Unas…" in a narrow column: a type is short, show it whole.
      style={{ flexShrink: 0 }}
      miw="fit-content"
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {type}
    </Badge>
  );
}

// Headers and the short cells never wrap: a header on two lines pushed the rows apart.
const nowrap = { whiteSpace: 'nowrap' } as const;

const LABELS: Record<LogLayout, string> = { movements: 'Project logs', assignments: 'Assign and unassign logs' };

export function LogTable({ rows, layout, nameOf = (row) => row.PartName, emptyText = NO_LOGS_TEXT, rowAction }: LogTableProps) {
  const phone = usePhone();
  if (rows.length === 0) return <NoData text={emptyText} />;
  if (phone) return <LogCards rows={rows} layout={layout} nameOf={nameOf} rowAction={rowAction ?? (() => null)} />;
  const movements = layout === 'movements';
  return (
    <Table.ScrollContainer minWidth={movements ? 760 : 720}>
      <Table verticalSpacing="xs" aria-label={LABELS[layout]}>
        <Table.Thead>
          <Table.Tr>
            {movements ? (
              <>
                <Table.Th style={nowrap}>Date</Table.Th>
                <Table.Th style={nowrap}>Type</Table.Th>
              </>
            ) : (
              <>
                <Table.Th style={nowrap}>Type</Table.Th>
                <Table.Th style={nowrap}>Date</Table.Th>
              </>
            )}
            <Table.Th style={nowrap}>Part Number</Table.Th>
            <Table.Th style={nowrap}>{movements ? 'Name' : 'Material Name'}</Table.Th>
            <Table.Th ta="right" style={nowrap}>
              {movements ? 'Amount' : 'Quantity'}
            </Table.Th>
            <Table.Th style={nowrap}>{movements ? 'Transacted By' : 'Assigned To'}</Table.Th>
            {rowAction && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const date = <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.LogDate)}</Table.Td>;
            const type = (
              <Table.Td style={nowrap}>
                <LogTypeBadge type={row.LogType} />
              </Table.Td>
            );
            return (
              <Table.Tr
                key={row.id}
                id={`log-${row.position}`}
                data-log-type={row.LogType}
                data-corrected={row.corrected_by !== null || undefined}
                style={{ backgroundColor: `var(--mantine-color-${logTypeColor(row.LogType)}-light)` }}
              >
                {movements ? (
                  <>
                    {date}
                    {type}
                  </>
                ) : (
                  <>
                    {type}
                    {date}
                  </>
                )}
                <Table.Td fw={500} style={{ whiteSpace: 'nowrap', ...struck(row) }}>
                  {row.PartNumber}
                </Table.Td>
                <Table.Td style={struck(row)}>{nameOf(row)}</Table.Td>
                <Table.Td ta="right" style={struck(row)}>
                  {row.LogAmount}
                </Table.Td>
                <Table.Td>
                  {movements ? (
                    <>
                      {row.LogName}
                      {logOrigin(row) && (
                        <Text span size="xs" c="dimmed" ml={6}>
                          {logOrigin(row)}
                        </Text>
                      )}
                      <CorrectionLink row={row} />
                    </>
                  ) : (
                    // The name whole on its line, the address under it: side by side they wrapped the name.
                    <>
                      <Text size="sm" style={nowrap}>
                        {row.AssociatedName ?? '—'}
                      </Text>
                      {row.AssociatedEmail && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {row.AssociatedEmail}
                        </Text>
                      )}
                      <CorrectionLink row={row} />
                    </>
                  )}
                </Table.Td>
                {rowAction && <Table.Td style={{ whiteSpace: 'nowrap' }}>{rowAction(row)}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each entry is a small card, so nothing hides off the side of the screen. */
function LogCards({ rows, layout, nameOf, rowAction }: Required<Omit<LogTableProps, 'emptyText'>>) {
  return (
    <Stack gap="xs" role="list" aria-label={LABELS[layout]}>
      {rows.map((row) => {
        const color = logTypeColor(row.LogType);
        const origin = logOrigin(row);
        const who = layout === 'movements' ? `by ${row.LogName}${origin ? ` · ${origin}` : ''}` : `to ${row.AssociatedName ?? '—'}`;
        return (
          <Paper
            key={row.id}
            id={`log-${row.position}`}
            role="listitem"
            data-log-type={row.LogType}
            data-corrected={row.corrected_by !== null || undefined}
            withBorder
            p="xs"
            radius="sm"
            style={{
              backgroundColor: `var(--mantine-color-${color}-light)`,
              borderLeft: `4px solid var(--mantine-color-${color}-filled)`,
            }}
          >
            <LogCardHeader type={row.LogType} date={row.LogDate} />
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere', ...struck(row) }}>
              <Text span fw={600}>
                {row.PartNumber}
              </Text>{' '}
              · {nameOf(row)}
            </Text>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate="end">
                {who}
              </Text>
              <Text size="sm" fw={600}>
                {layout === 'movements' ? 'Amount' : 'Quantity'} {row.LogAmount}
              </Text>
            </Group>
            <CorrectionLink row={row} />
            {rowAction(row)}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The top line of a log entry's card on a phone: the type's badge and when. */
export function LogCardHeader({ type, date }: { type: string; date: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <LogTypeBadge type={type} />
      <Text size="xs" c="dimmed">
        {formatDateTime(date)}
      </Text>
    </Group>
  );
}

interface LogTableFrameProps {
  label: string;
  /** Below this width the table scrolls sideways rather than squeeze its columns. */
  minWidth: number;
  columns: readonly string[];
  /** The amount's heading, which sits over its numbers on the right. */
  right: string;
  children: ReactNode;
}

/** A log table around its rows: the headings never wrap. */
export function LogTableFrame({ label, minWidth, columns, right, children }: LogTableFrameProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c} ta={c === right ? 'right' : undefined} style={nowrap}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
