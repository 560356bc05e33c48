/**
 * The count reports beside the list: when each part at each place was last counted (and what the
 * difference was), and the open counts by due date.
 */
import { Alert, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CountLocation } from '@contract/counts.ts';
import { messageOr } from '../../api/error-message.ts';
import { NoData } from '../../components/no-data.tsx';
import { formatDate } from '../../shared/format.ts';
import { CountSummaryCard } from './count-summary-view.tsx';
import { useCountsDueQuery, useLastCountedQuery } from './counts-api.ts';

export function LastCountedReport({ at }: { at: CountLocation }) {
  const report = useLastCountedQuery(at);
  const [search, setSearch] = useState('');
  if (report.error) return <Alert color="red">{messageOr(report.error, 'The report could not be loaded.')}</Alert>;
  const t = search.trim().toLowerCase();
  const rows = (report.data ?? []).filter((r) => !t || [r.part_number, r.part_name, r.place_label].some((v) => (v ?? '').toLowerCase().includes(t)));
  return (
    <Stack gap="xs">
      <TextInput
        aria-label="Search last counted"
        placeholder="Search parts and places"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      {report.isSuccess && rows.length === 0 ? (
        <NoData text={t ? 'No part matches.' : 'Nothing has been counted here yet.'} />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label="Last counted">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part</Table.Th>
                <Table.Th>Place</Table.Th>
                <Table.Th>Last counted</Table.Th>
                <Table.Th>Count</Table.Th>
                <Table.Th ta="right">Difference</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.material_id}@${r.place_label ?? ''}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.part_number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.part_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.place_label ?? '—'}</Table.Td>
                  <Table.Td c={r.last_counted_at ? undefined : 'orange'}>{r.last_counted_at ? formatDate(r.last_counted_at) : 'Never'}</Table.Td>
                  <Table.Td>{r.session_name ?? '—'}</Table.Td>
                  <Table.Td ta="right">{r.last_difference === null ? '—' : signed(r.last_difference)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function CountsDueReport() {
  const due = useCountsDueQuery();
  if (due.error) return <Alert color="red">{messageOr(due.error, 'The counts due could not be loaded.')}</Alert>;
  if (due.isSuccess && due.data.length === 0) return <NoData text="No open counts are due." />;
  return (
    <Stack gap="xs" role="list" aria-label="Counts due">
      {(due.data ?? []).map((count) => (
        <CountSummaryCard key={count.id} count={count} />
      ))}
    </Stack>
  );
}
