/** Assigns one user to a project with a project role (POST /api/projects/assign) → "User assigned". */
import { Button, Group, Select, Stack } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { UserPicker } from '../../components/user-picker.tsx';
import { projectLabel, type Project, type ProjectRole } from '../../api/project-types.ts';
import { ProjectRoleSelect } from './project-role-select.tsx';
import { useAssignUserMutation, useGetProjectUsersQuery } from '../../api/projects-api.ts';
import { ASSIGN_FAILED, USER_ASSIGNED } from '../../shared/messages.ts';

interface AssignUserDialogProps {
  opened: boolean;
  onClose: () => void;
  projects: Project[];
  /** The project to start with, when opened from a project's row. */
  projectId: string | null;
}

export function AssignUserDialog({ opened, onClose, ...form }: AssignUserDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Assign User to Project" size="md">
      <AssignUserForm onClose={onClose} {...form} />
    </AppModal>
  );
}

function AssignUserForm({ onClose, projects, projectId: initialProject }: Omit<AssignUserDialogProps, 'opened'>) {
  const [projectId, setProjectId] = useState<string | null>(initialProject);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<ProjectRole>('user');
  const members = useGetProjectUsersQuery(projectId ?? skipToken);
  const memberIds = useMemo(() => new Set((members.data ?? []).map((m) => m.user_id)), [members.data]);
  const [assign, { isLoading }] = useAssignUserMutation();

  const onAssign = async () => {
    if (!projectId || !userId) return;
    const result = await assign({ user_id: userId, project_id: projectId, project_role: role });
    if (result.error) {
      toast.error(messageOr(result.error, ASSIGN_FAILED));
      return;
    }
    toast.success(USER_ASSIGNED);
    onClose();
  };

  return (
    <Stack gap="sm">
      <Select
        label="Project"
        placeholder="Select a project"
        data={projects.map((p) => ({ value: p.id, label: projectLabel(p) }))}
        value={projectId}
        onChange={(value) => {
          setProjectId(value);
          setUserId(null);
        }}
        searchable
        nothingFoundMessage="No projects match"
      />
      <UserPicker
        value={userId}
        onChange={setUserId}
        exclude={memberIds}
        disabled={!projectId}
        placeholder={projectId ? undefined : 'Select a project first'}
      />
      <ProjectRoleSelect label="Project role" value={role} onChange={setRole} />
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button onClick={() => void onAssign()} disabled={!projectId || !userId} loading={isLoading}>
          Assign User
        </Button>
      </Group>
    </Stack>
  );
}
