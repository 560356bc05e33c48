/**
 * /webhooks (superadmin): the site-wide endpoints, which receive the events of every project; and
 * /dashboard/webhooks: the current project's endpoints, for its admins (who may not be global
 * admins, and so may not open Manage Project).
 */
import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { useAppSelector } from '../../shared/hooks.ts';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { selectCurrentProject } from '../../shared/session/session-selectors.ts';
import { WebhooksPanel } from './webhooks-panel.tsx';

export function SiteWebhooksPage() {
  return (
    <>
      <PageHeader title="Webhooks" />
      <WebhooksPanel projectId={null} />
    </>
  );
}

export function ProjectWebhooksPage() {
  const project = useAppSelector(selectCurrentProject);
  useCurrentProjectSync();
  return (
    <>
      <PageHeader title="Project Webhooks">
        <ProjectPicker />
      </PageHeader>
      {/* Keyed by project, so a dialog open for one project's endpoint never shows over another's list. */}
      {project ? <WebhooksPanel key={project.id} projectId={project.id} /> : <Text c="dimmed">No project selected</Text>}
    </>
  );
}
