/**
 * Settings tab of Manage Project: the project's switches for those who may manage it, and the
 * Delete Project danger zone for a superadmin; others see "No additional settings yet."
 */
import { Center, Divider, Loader, Stack, Switch, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';
import { toast } from '../../shared/toast.ts';
import { canDeleteProject } from '../../shared/session/permissions.ts';
import { selectRole } from '../../shared/session/session-selectors.ts';
import { DeleteProjectSection } from './delete-project-section.tsx';
import type { ProjectSettings } from '../../api/project-types.ts';
import { useGetProjectSettingsQuery, useUpdateProjectSettingsMutation } from '../../api/projects-api.ts';
import { FAILED_TO_UPDATE, LOAD_SETTINGS_FAILED } from '../../shared/messages.ts';

interface ProjectSettingsTabProps {
  projectId: string;
  projectName: string;
  onDeleted: () => void;
}

export function ProjectSettingsTab({ projectId, projectName, onDeleted }: ProjectSettingsTabProps) {
  const role = useAppSelector(selectRole);
  const settings = useGetProjectSettingsQuery(projectId, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateProjectSettingsMutation();

  useEffect(() => {
    if (settings.isError) toast.error(LOAD_SETTINGS_FAILED);
  }, [settings.isError]);

  // The cache flips at once and is put back by the api on failure; here only the toast is chosen.
  const flip = async (patch: Partial<ProjectSettings>) => {
    const result = await update({ id: projectId, patch });
    if (result.error) toast.error(FAILED_TO_UPDATE);
    else toast.success('Settings updated');
  };

  return (
    <Stack gap="md">
      {settings.isLoading ? (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      ) : settings.data ? (
        <Stack gap="sm">
          <Switch
            label="Managing logistics"
            description="Returns ask for the rack and shelf the material goes to."
            checked={settings.data.managing_logistics}
            onChange={(event) => void flip({ managing_logistics: event.currentTarget.checked })}
          />
          <Switch
            label="Hide from transfer list"
            description="Other projects cannot choose this project as a transfer source."
            checked={settings.data.hide_from_transfer_list}
            onChange={(event) => void flip({ hide_from_transfer_list: event.currentTarget.checked })}
          />
        </Stack>
      ) : (
        <Text c="dimmed">Failed to load settings</Text>
      )}
      <Divider />
      {canDeleteProject(role) ? (
        <DeleteProjectSection projectId={projectId} projectName={projectName} onDeleted={onDeleted} />
      ) : (
        <Text c="dimmed">No additional settings yet.</Text>
      )}
    </Stack>
  );
}
