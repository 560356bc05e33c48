/**
 * The Manage Project dialog (spec 01 §2, §6): tabs Info, Users and Settings, plus History for a
 * superadmin and Webhooks for the project's admins and superadmins. It checks the right again when opened: a global admin's project role is fetched
 * fresh, since it may have changed since the dashboard stored it.
 */
import { Center, Loader, Tabs, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { canManageProject, canManageProjectWebhooks, isSuperadmin } from '../../shared/session/permissions.ts';
import { selectRole } from '../../shared/session/session-selectors.ts';
import type { CurrentProject } from '../../shared/session/session-types.ts';
import { ProjectHistoryTab } from './project-history-tab.tsx';
import { ProjectInfoTab } from './project-info-tab.tsx';
import { ProjectSettingsTab } from './project-settings-tab.tsx';
import { ProjectUsersTab } from './project-users-tab.tsx';
import { useGetMyProjectRoleQuery } from '../../api/projects-api.ts';
import { MANAGE_PROJECT_DENIED } from '@contract/messages.ts';

interface ManageProjectDialogProps {
  project: CurrentProject;
  opened: boolean;
  onClose: () => void;
  /** The project's webhooks, composed in by the app (a feature of its own). */
  webhooks?: (projectId: string) => ReactNode;
}

export function ManageProjectDialog({ project, opened, onClose, webhooks }: ManageProjectDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Manage Project" size="xl">
      <ManageProjectContent project={project} onClose={onClose} webhooks={webhooks} />
    </AppModal>
  );
}

function ManageProjectContent({ project, onClose, webhooks }: Omit<ManageProjectDialogProps, 'opened'>) {
  const role = useAppSelector(selectRole);
  const superadmin = isSuperadmin(role);
  const myRole = useGetMyProjectRoleQuery(superadmin ? skipToken : project.id, {
    refetchOnMountOrArgChange: true,
  });

  if (!superadmin && myRole.isFetching && !myRole.data) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  const projectRole = superadmin ? 'admin' : (myRole.data?.project_role?.toLowerCase() ?? null);
  if (!canManageProject({ role, projectRole })) return <Text>{MANAGE_PROJECT_DENIED}</Text>;
  const showWebhooks = webhooks !== undefined && canManageProjectWebhooks({ role, projectRole });

  return (
    // Unmounted when hidden, so each tab reads fresh data when it is opened.
    <Tabs defaultValue="info" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="info">Info</Tabs.Tab>
        <Tabs.Tab value="users">Users</Tabs.Tab>
        <Tabs.Tab value="settings">Settings</Tabs.Tab>
        {showWebhooks && <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>}
        {superadmin && <Tabs.Tab value="history">History</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="info">
        <ProjectInfoTab projectId={project.id} />
      </Tabs.Panel>
      <Tabs.Panel value="users">
        <ProjectUsersTab projectId={project.id} />
      </Tabs.Panel>
      <Tabs.Panel value="settings">
        <ProjectSettingsTab projectId={project.id} projectName={project.project_name} onDeleted={onClose} />
      </Tabs.Panel>
      {showWebhooks && <Tabs.Panel value="webhooks">{webhooks(project.id)}</Tabs.Panel>}
      {superadmin && (
        <Tabs.Panel value="history">
          <ProjectHistoryTab projectId={project.id} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
