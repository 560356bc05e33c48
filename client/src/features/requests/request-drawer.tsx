/**
 * The detail drawer of Manage Requests and the Material Requests page: who asked, when, the state
 * and its reason, the lines with their states, the manager's actions for this request, and the
 * history of its events from the ledger.
 */
import { Alert, Anchor, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../shared/format.ts';
import { RequestActions } from './request-actions.tsx';
import { RequestHistory, RequestLines, StatusBadge } from './request-parts.tsx';
import { reasonText, requestLabel } from './request-rules.ts';
import { useRequestQuery } from './requests-api.ts';

export function RequestDrawer({ id, projectId, onClose }: { id: string; projectId: string; onClose: () => void }) {
  const request = useRequestQuery(id);
  const r = request.data;
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={r ? `Request ${requestLabel(r)}` : 'Request'} aria-label="Request details">
      {request.error ? (
        <Alert color="red">Failed to fetch the request</Alert>
      ) : !r ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={r.status} testId="request-status" />
            <Text size="sm" c="dimmed">
              {r.type} request by {r.requester_name || r.requester_email} on {formatDateTime(r.request_date)}
            </Text>
          </Group>
          {r.reason && <Text size="sm">Reason: {reasonText(r.reason)}</Text>}
          {r.notes && <Text size="sm">Notes: {r.notes}</Text>}
          {r.image_url && (
            <Anchor href={r.image_url} target="_blank" rel="noreferrer" size="sm">
              Photo with the request
            </Anchor>
          )}
          <RequestActions projectId={projectId} targets={[r]} single />
          <RequestLines lines={r.picklist} type={r.type} />
          <Divider />
          <Title order={5}>History</Title>
          <RequestHistory requestId={r.id} />
        </Stack>
      )}
    </Drawer>
  );
}
