/** "Manage Project" on the dashboard; shown only to those spec 01 §6 lets manage the project. */
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useAppSelector } from '../../shared/hooks.ts';
import { canManageProject } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { DialogSuspense, lazyNamed } from '../../components/lazy-named.tsx';

// Loads on the first press: the dashboard paints without the project's settings and members.
const ManageProjectDialog = lazyNamed(() => import('./manage-project-dialog.tsx'), 'ManageProjectDialog');

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
      {opened && (
        <DialogSuspense>
          <ManageProjectDialog project={currentProject} opened onClose={close} webhooks={webhooks} />
        </DialogSuspense>
      )}
    </>
  );
}
