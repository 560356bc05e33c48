/** Adds existing users to a project with one project role (POST /api/projects/assign per user). */
import { Button, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { UserMultiPicker } from '../../components/user-picker.tsx';
import type { ProjectRole } from '../../api/project-types.ts';
import { ProjectRoleSelect } from './project-role-select.tsx';
import { useAssignUserMutation, useGetProjectUsersQuery } from '../../api/projects-api.ts';
import { ASSIGN_FAILED, USER_ASSIGNED } from '../../shared/messages.ts';

interface AddUsersDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

export function AddUsersDialog({ projectId, opened, onClose }: AddUsersDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Add Users" size="md">
      <AddUsersForm projectId={projectId} onClose={onClose} />
    </AppModal>
  );
}

function AddUsersForm({ projectId, onClose }: Omit<AddUsersDialogProps, 'opened'>) {
  const { data: members = [] } = useGetProjectUsersQuery(projectId);
  const memberIds = useMemo(() => new Set(members.map((m) => m.user_id)), [members]);
  const [assign] = useAssignUserMutation();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [role, setRole] = useState<ProjectRole>('user');
  const [saving, setSaving] = useState(false);

  const onAdd = async () => {
    setSaving(true);
    const results = await Promise.all(userIds.map((user_id) => assign({ user_id, project_id: projectId, project_role: role })));
    setSaving(false);
    if (results.some((r) => r.error)) {
      toast.error(ASSIGN_FAILED);
      return;
    }
    toast.success(USER_ASSIGNED);
    onClose();
  };

  return (
    <Stack gap="sm">
      <UserMultiPicker value={userIds} onChange={setUserIds} exclude={memberIds} />
      <ProjectRoleSelect label="Project role" value={role} onChange={setRole} />
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void onAdd()} disabled={userIds.length === 0} loading={saving}>
          Add Users
        </Button>
      </Group>
    </Stack>
  );
}
