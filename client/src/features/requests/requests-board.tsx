/**
 * The managers' list of a project's requests, in either vocabulary of the spec: Manage Requests
 * (status radios open, fulfilled, on-hold, denied, all) or the Material Requests page (requested,
 * partial, on-hold, fulfilled, denied, all; material requests only). Both have the time filter, a
 * text search, CSV export of every matching request, sortable columns (date descending first), a
 * checkbox selection with the bulk actions, and the detail drawer.
 */
import { Alert, Button, Checkbox, Group, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { LINK_PARAMS, useLinkedParam } from '../../shared/deep-link.ts';
import type { RequestFilter, RequestSort } from '@contract/requests.ts';
import type { LogDays } from '@contract/vocabulary.ts';
import { formatDate } from '../../shared/format.ts';
import { selectionState, toggleAll, toggleOne } from '../../shared/selection.ts';
import { toggleSort, type SortState } from '../../shared/table-sort.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { NoData } from '../../components/no-data.tsx';
import { TwoLines, VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';
import { RequestActions } from './request-actions.tsx';
import { RequestDrawer } from './request-drawer.tsx';
import { StatusBadge } from './request-parts.tsx';
import { MANAGE_FILTERS, MATERIAL_FILTERS, requestLabel, TIME_FILTERS } from './request-rules.ts';
import { REQUEST_PAGE_SIZE, requestsCsvUrl, type RequestSummary, useProjectRequestsQuery } from './requests-api.ts';

export type Vocabulary = 'manage' | 'material';

type SortKey = 'date' | 'status' | 'type' | 'requester';
const SORT_PARAM: Record<SortKey, string> = { date: 'request_date', status: 'status', type: 'type', requester: 'requester' };
/** Spec 01 §9: requests sort by date, newest first, until a header is clicked. */
export const DEFAULT_SORT: SortState<SortKey> = { key: 'date', direction: 'desc' };

export function sortParam(sort: SortState<SortKey>): RequestSort {
  return `${sort.direction === 'desc' ? '-' : ''}${SORT_PARAM[sort.key]}` as RequestSort;
}

export function RequestsBoard({ projectId, vocabulary }: { projectId: string; vocabulary: Vocabulary }) {
  const filters = vocabulary === 'manage' ? MANAGE_FILTERS : MATERIAL_FILTERS;
  const [status, setStatus] = useState<RequestFilter>(vocabulary === 'manage' ? 'open' : 'requested');
  const [days, setDays] = useState<LogDays>('all');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [sort, setSort] = useState<SortState<SortKey>>(DEFAULT_SORT);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The open request lives in the address (`?request=`), so a scanned request code opens it.
  const [openId, setOpenId] = useLinkedParam(LINK_PARAMS.request);
  const phone = usePhone();
  const download = useServerDownload();
  const query = { projectId, status, days, q, sort: sortParam(sort), type: vocabulary === 'material' ? ('Material' as const) : ('all' as const) };
  const list = useProjectRequestsQuery(query, { refetchOnMountOrArgChange: true });
  const rows = list.data?.items ?? [];
  const ids = rows.map((r) => r.id);
  // Only rows still listed stay selected: a filter change or a live update may take some away.
  const targets = useMemo(() => rows.filter((r) => selected.has(r.id)), [rows, selected]);
  const state = selectionState(selected, ids);

  const change = (update: () => void) => {
    update();
    setSelected(new Set());
  };

  const check = (r: RequestSummary) => (
    <Checkbox aria-label={`Select request ${requestLabel(r)}`} checked={selected.has(r.id)} onChange={() => setSelected((s) => toggleOne(s, r.id))} />
  );
  const view = (r: RequestSummary) => (
    <Button size="compact-sm" variant="light" aria-label={`View request ${requestLabel(r)}`} onClick={() => setOpenId(r.id)}>
      View
    </Button>
  );
  const columns: VirtualColumn<RequestSummary>[] = phone
    ? [
        { key: 'select', header: '', width: 36, render: check },
        {
          key: 'requester',
          header: 'Request',
          render: (r) => <TwoLines main={`${requestLabel(r)} · ${r.requester_name}`} sub={`${formatDate(r.request_date)} · ${r.items}`} />,
        },
        // The status sits above View, so the requester and the items keep the room to be read.
        {
          key: 'status',
          header: 'Status',
          width: 100,
          align: 'right',
          render: (r) => (
            <Stack gap={6} align="flex-end">
              <StatusBadge status={r.status} />
              {view(r)}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'select', header: '', width: 44, render: check },
        { key: 'id', header: 'ID', width: 70, render: requestLabel },
        { key: 'date', header: 'Date', width: 110, sortable: true, render: (r) => formatDate(r.request_date) },
        { key: 'type', header: 'Type', width: 90, sortable: true, render: (r) => r.type },
        { key: 'requester', header: 'Requester', sortable: true, render: (r) => r.requester_name || r.requester_email, title: (r) => r.requester_email },
        { key: 'items', header: 'Items', render: (r) => r.items, title: (r) => r.items },
        { key: 'qty', header: 'Qty', width: 70, align: 'right', render: (r) => r.total_qty },
        { key: 'status', header: 'Status', width: 110, sortable: true, render: (r) => <StatusBadge status={r.status} /> },
        { key: 'view', header: '', width: 88, align: 'right', render: view },
      ];

  return (
    <Stack gap="sm">
      <Radio.Group label="Status" value={status} onChange={(v) => change(() => setStatus(v as RequestFilter))}>
        <Group gap="md" wrap="wrap">
          {filters.map((f) => (
            <Radio key={f.value} value={f.value} label={f.label} />
          ))}
        </Group>
      </Radio.Group>
      <Group gap="sm" wrap="wrap" align="end">
        <SegmentedControl aria-label="Time" size="xs" data={TIME_FILTERS} value={days} onChange={(v) => change(() => setDays(v as LogDays))} />
        <TextInput
          placeholder="Search requests"
          aria-label="Search requests"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
          maw={360}
        />
        <Button variant="default" size="xs" onClick={() => void download(requestsCsvUrl(query))}>
          Export CSV
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Checkbox
          label={targets.length > 0 ? `${targets.length} selected` : 'Select all'}
          checked={state === 'all'}
          indeterminate={state === 'some'}
          disabled={rows.length === 0}
          onChange={() => setSelected((s) => toggleAll(s, ids))}
        />
        <RequestActions projectId={projectId} targets={targets} onDone={() => setSelected(new Set())} />
      </Group>
      {list.error ? (
        <Alert color="red">Failed to fetch requests</Alert>
      ) : rows.length === 0 && !list.isLoading ? (
        <NoData text={q.trim() ? 'No requests match the search' : 'No data to display'} />
      ) : (
        <>
          <VirtualTable
            ariaLabel={vocabulary === 'manage' ? 'Requests' : 'Material requests'}
            rows={rows}
            columns={columns}
            rowKey={(r) => r.id}
            minWidth={phone ? 340 : 900}
            rowHeight={phone ? 68 : 44}
            sort={sort}
            onSort={(key) => setSort((s) => toggleSort(s, key as SortKey))}
            rowData={(r) => ({ 'data-request': requestLabel(r), 'data-status': r.status })}
          />
          {list.data && list.data.total > REQUEST_PAGE_SIZE && (
            <Text size="xs" c="dimmed">
              Showing the first {REQUEST_PAGE_SIZE} of {list.data.total} requests; narrow the filters or export to see the rest.
            </Text>
          )}
        </>
      )}
      {openId && <RequestDrawer id={openId} projectId={projectId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
