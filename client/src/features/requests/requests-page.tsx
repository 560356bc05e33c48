/**
 * The request page of a regular user (/dashboard/requests, spec 01 §2): the request form, and My
 * Request History (id, type, date, status, View; on-hold requests first) with a side panel showing
 * the request's id, date, requester and items. Project admins and managers are sent to Manage
 * Requests instead, as the spec has them see it in place of this form. Live: a manager's change
 * arrives as the `requests` topic and the history refetches.
 */
import { Alert, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { Navigate, useLocation } from 'react-router-dom';
import { LINK_PARAMS, useLinkedParam } from '../../shared/deep-link.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { actsAsProjectAdminOrManager } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TwoLines, VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';
import { RequestForm } from './request-form.tsx';
import { PendingRequests } from './pending-requests.tsx';
import { RequestLines, StatusBadge } from './request-parts.tsx';
import { reasonText, requestLabel } from './request-rules.ts';
import { type RequestSummary, useMyRequestsQuery, useRequestQuery } from './requests-api.ts';

export function RequestsPage() {
  const { currentProject: project, role, currentProjectRole } = useAppSelector(selectSession);
  useCurrentProjectSync();
  const history = useMyRequestsQuery(project ? project.id : skipToken, { refetchOnMountOrArgChange: true });
  // The open request lives in the address (`?request=`), so a scanned request code opens it.
  const [openId, setOpenId] = useLinkedParam(LINK_PARAMS.request);
  const { search } = useLocation();
  const phone = usePhone();

  if (actsAsProjectAdminOrManager({ role, projectRole: currentProjectRole })) return <Navigate to={`/dashboard/manage_requests${search}`} replace />;

  const view = (r: RequestSummary) => (
    <Button size="compact-sm" variant="light" aria-label={`View request ${requestLabel(r)}`} onClick={() => setOpenId(r.id)}>
      View
    </Button>
  );
  // On a phone the id, type and date share one cell, so the status and View stay in sight.
  const columns: VirtualColumn<RequestSummary>[] = phone
    ? [
        { key: 'id', header: 'Request', render: (r) => <TwoLines main={`${requestLabel(r)} · ${r.type}`} sub={formatDate(r.request_date)} /> },
        { key: 'status', header: 'Status', width: 100, render: (r) => <StatusBadge status={r.status} /> },
        { key: 'view', header: '', width: 64, align: 'right', render: view },
      ]
    : [
        { key: 'id', header: 'ID', width: 80, render: requestLabel },
        { key: 'type', header: 'Type', width: 90, render: (r) => r.type },
        { key: 'date', header: 'Date', width: 110, render: (r) => formatDate(r.request_date) },
        { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
        { key: 'view', header: '', width: 88, align: 'right', render: view },
      ];
  const rows = history.data?.items ?? [];

  return (
    <>
      <PageHeader title="Requests">
        <ProjectPicker />
      </PageHeader>
      {!project ? (
        <Text c="dimmed">No project selected</Text>
      ) : (
        <Stack gap="lg">
          <RequestForm projectId={project.id} projectNumber={project.project_number} onSubmitted={() => undefined} />
          <Stack gap="xs">
            <Title order={4}>My Request History</Title>
            <PendingRequests projectId={project.id} />
            {history.error ? (
              <Alert color="red">Failed to fetch requests</Alert>
            ) : rows.length === 0 && !history.isLoading ? (
              <NoData text="You have not made any requests in this project yet" />
            ) : (
              <VirtualTable
                ariaLabel="My Request History"
                rows={rows}
                columns={columns}
                rowKey={(r) => r.id}
                minWidth={phone ? 300 : 420}
                rowHeight={phone ? 56 : 44}
                maxHeight="min(480px, 60dvh)"
                rowData={(r) => ({ 'data-request': requestLabel(r), 'data-status': r.status })}
              />
            )}
          </Stack>
        </Stack>
      )}
      {openId && <RequestSidePanel id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}

function RequestSidePanel({ id, onClose }: { id: string; onClose: () => void }) {
  const request = useRequestQuery(id);
  const r = request.data;
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={r ? `Request ${requestLabel(r)}` : 'Request'}>
      {request.error ? (
        <Alert color="red">Failed to fetch the request</Alert>
      ) : !r ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <StatusBadge status={r.status} testId="request-status" />
            <Text size="sm" c="dimmed">
              {r.type} request
            </Text>
          </Group>
          <Text size="sm">
            Request ID: <b>{r.id}</b>
          </Text>
          <Text size="sm">Date: {formatDateTime(r.request_date)}</Text>
          <Text size="sm">Requester: {r.requester_name || r.requester_email}</Text>
          {r.reason && <Text size="sm">Reason: {reasonText(r.reason)}</Text>}
          {r.notes && <Text size="sm">Notes: {r.notes}</Text>}
          <RequestLines lines={r.picklist} type={r.type} />
        </Stack>
      )}
    </Drawer>
  );
}
