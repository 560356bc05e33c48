/**
 * Manage Requests (/dashboard/manage_requests, spec 01 §2): the project's requests for its admins
 * and managers, in two views, one per vocabulary of the spec: Manage Requests (open, fulfilled,
 * on-hold, denied, all) and Material Requests (requested, partial, on-hold, fulfilled, denied, all),
 * which has no route of its own in the route table. Opening the page marks the project's requests
 * read, so the sidebar's badge goes back to zero, and so does a new one while the page is open.
 */
import { Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { selectCurrentProject } from '../../shared/session/session-selectors.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RequestsBoard, type Vocabulary } from './requests-board.tsx';
import { useMarkRequestsReadMutation } from './requests-api.ts';
import { useUnreadRequests } from './use-unread-requests.ts';

export function ManageRequestsPage() {
  const project = useAppSelector(selectCurrentProject);
  useCurrentProjectSync();
  const [view, setView] = useState<Vocabulary>('manage');
  const [markRead] = useMarkRequestsReadMutation();
  const projectId = project?.id ?? null;

  // Whatever arrives while the list is open is seen here: it is marked read too, so the badge stays at 0.
  const unread = useUnreadRequests();
  useEffect(() => {
    if (projectId) void markRead(projectId);
  }, [projectId, markRead]);
  useEffect(() => {
    if (projectId && unread > 0) void markRead(projectId);
  }, [projectId, markRead, unread]);

  return (
    <>
      <PageHeader title="Manage Requests">
        <ProjectPicker />
      </PageHeader>
      {!projectId ? (
        <Text c="dimmed">No project selected</Text>
      ) : (
        <Tabs value={view} onChange={(v) => setView((v as Vocabulary | null) ?? 'manage')} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="manage">All Requests</Tabs.Tab>
            <Tabs.Tab value="material">Material Requests</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="manage">
            <RequestsBoard key={`${projectId}-manage`} projectId={projectId} vocabulary="manage" />
          </Tabs.Panel>
          <Tabs.Panel value="material">
            <RequestsBoard key={`${projectId}-material`} projectId={projectId} vocabulary="material" />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
