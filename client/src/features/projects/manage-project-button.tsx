/** "Manage Project" on the dashboard; shown only to those spec 01 §6 lets manage the project. */
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useAppSelector } from '../../shared/hooks.ts';
import { canManageProject } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { ManageProjectDialog } from './manage-project-dialog.tsx';

/** `webhooks`: the project's webhooks tab, composed in by the app. */
export function ManageProjectButton({ webhooks }: { webhooks?: (projectId: string) => ReactNode }) {
  const { role, currentProject, currentProjectRole } = useAppSelector(selectSession);
  const [opened, { open, close }] = useDisclosure(false);
  if (!currentProject || !canManageProject({ role, projectRole: currentProjectRole })) return null;
  return (
    <>
      <Button variant="light" onClick={open}>
        Manage Project
      </Button>
      <ManageProjectDialog project={currentProject} opened={opened} onClose={close} webhooks={webhooks} />
    </>
  );
}
