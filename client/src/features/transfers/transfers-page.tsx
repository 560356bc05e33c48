/**
 * Transfer Requests (spec 02 §2.3), at /dashboard/manage_transfers and /dashboard/transfers: the
 * current project's transfers in and out, searched across every field, the New Transfer Request
 * wizard, and the detail side panel. Live: a change made in the other project arrives over the
 * websocket as the `transfers` topic and the list refetches.
 */
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { type ReactNode, useMemo, useState } from 'react';
import { TRANSFER_ERRORS } from '@contract/transfers.ts';
import { LINK_PARAMS, useLinkedParam } from '../../shared/deep-link.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { formatDate } from '../../shared/format.ts';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { isSuperadmin, isProjectAdminOrManager } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';
import { TransferPanel } from './transfer-panel.tsx';
import { matchesTransfer, STATUS_COLORS } from './transfer-rules.ts';
import { TransferWizard } from './transfer-wizard.tsx';
import { type Transfer, useListTransfersQuery } from './transfers-api.ts';

export function TransfersPage() {
  const { currentProject: project, role, currentProjectRole } = useAppSelector(selectSession);
  useCurrentProjectSync();
  const list = useListTransfersQuery(project ? project.id : skipToken, { refetchOnMountOrArgChange: true });
  const [search, setSearch] = useState('');
  // The open panel lives in the address (`?transfer=`), so a scanned transfer code opens it.
  const [openId, setOpenId] = useLinkedParam(LINK_PARAMS.transfer);
  const [creating, setCreating] = useState(false);
  const isAdmin = isSuperadmin(role) || currentProjectRole === 'admin';
  const canRequest = isSuperadmin(role) || isProjectAdminOrManager(currentProjectRole);
  const rows = useMemo(() => (list.data ?? []).filter((t) => matchesTransfer(t, search)), [list.data, search]);
  const open = list.data?.find((t) => t.id === openId) ?? null;
  const phone = usePhone();

  const statusBadge = (t: Transfer) => (
    <Badge color={STATUS_COLORS[t.Status]} variant="light" tt="none">
      {t.Status}
    </Badge>
  );
  const viewButton = (t: Transfer) => (
    <Button size="compact-sm" variant="light" aria-label={`View transfer from ${t.FromName} to ${t.ToName}`} onClick={() => setOpenId(t.id)}>
      View
    </Button>
  );

  // On a phone the wide table would hide the status and the View button off to the right, so it
  // keeps only what a person needs to pick a transfer: between which projects, its state and when.
  // Project names wrap rather than being cut to a few letters.
  const phoneColumns: VirtualColumn<Transfer>[] = [
    {
      key: 'route',
      header: 'From → To',
      render: (t) => (
        <WrappedText lines={3}>
          {t.FromName}{' '}
          <Text span c="dimmed" inherit>
            → {t.ToName}
          </Text>
        </WrappedText>
      ),
      title: (t) => `${t.FromName} → ${t.ToName}`,
    },
    {
      key: 'status',
      header: 'Status',
      width: 104,
      render: (t) => (
        <Stack gap={2} align="flex-start">
          {statusBadge(t)}
          <Text size="xs" c="dimmed">
            {formatDate(t.Date)}
          </Text>
        </Stack>
      ),
    },
    { key: 'view', header: '', width: 64, align: 'right', render: viewButton },
  ];

  const columns: VirtualColumn<Transfer>[] = [
    { key: 'date', header: 'Date', width: 104, render: (t) => formatDate(t.Date) },
    { key: 'type', header: 'Request Type', width: 100, render: (t) => (t.Type === 'materials' ? 'Materials' : t.Type) },
    { key: 'from', header: 'From Project', render: (t) => <WrappedText>{t.FromName}</WrappedText>, title: (t) => t.FromName },
    { key: 'to', header: 'To Project', render: (t) => <WrappedText>{t.ToName}</WrappedText>, title: (t) => t.ToName },
    { key: 'by', header: 'Requested By', width: 140, render: (t) => <WrappedText>{t.requested_by}</WrappedText>, title: (t) => t.requested_by },
    { key: 'delivery', header: 'Delivery Method', width: 100, render: (t) => (t.DeliveryMethod === 'label' ? 'Label' : 'Pickup') },
    { key: 'status', header: 'Transfer Status', width: 116, render: statusBadge },
    { key: 'view', header: '', width: 84, align: 'right', render: viewButton },
  ];

  return (
    <>
      <PageHeader title="Transfer Requests">
        <Group gap="sm" wrap="wrap">
          <ProjectPicker />
          {project && canRequest && <Button onClick={() => setCreating(true)}>New Transfer Request</Button>}
        </Group>
      </PageHeader>
      <Stack gap="md">
        <TextInput placeholder="Search transfers" aria-label="Search transfers" value={search} onChange={(e) => setSearch(e.currentTarget.value)} maw={360} />
        {!project ? (
          <Text c="dimmed">No project selected</Text>
        ) : list.error ? (
          <Alert color="red">{TRANSFER_ERRORS.fetch}</Alert>
        ) : rows.length === 0 && !list.isLoading ? (
          <NoData text={search ? 'No transfers match the search' : 'No transfer requests yet'} />
        ) : (
          <VirtualTable
            ariaLabel="Transfer requests"
            rows={rows}
            columns={phone ? phoneColumns : columns}
            rowKey={(t) => t.id}
            minWidth={phone ? 320 : 860}
            rowHeight={phone ? 80 : 60}
            rowData={(t) => ({ 'data-status': t.Status })}
          />
        )}
      </Stack>
      {open && project && <TransferPanel transfer={open} currentProjectId={project.id} isAdmin={isAdmin} onClose={() => setOpenId(null)} />}
      {creating && project && (
        <TransferWizard
          projectId={project.id}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setOpenId(id);
          }}
        />
      )}
    </>
  );
}

/** Text that wraps inside a table cell (cells do not wrap by default), cut only past `lines` lines. */
function WrappedText({ children, lines = 2 }: { children: ReactNode; lines?: number }) {
  return (
    <Text size="sm" lh={1.35} lineClamp={lines} style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
