/**
 * Users tab of Manage Project (spec 01 §2): the members with a role picker per row, select all,
 * remove selected, update roles of the selected, add existing users and invite new ones.
 */
import { Button, Center, Checkbox, Group, Loader, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { selectionState, toggleAll, toggleOne } from '../../shared/selection.ts';
import { toast } from '../../shared/toast.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { ChoicePromptDialog } from '../../components/choice-prompt-dialog.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoData } from '../../components/no-data.tsx';
import { TwoLines } from '../../components/virtual-table.tsx';
import { InviteDialog, type InvitedUser } from '../../components/invite-dialog.tsx';
import { personName } from '../../api/user-types.ts';
import { AddUsersDialog } from './add-users-dialog.tsx';
import { PROJECT_ROLES, type ProjectRole } from '../../api/project-types.ts';
import { PROJECT_ROLE_OPTIONS } from './project-role-select.tsx';
import { useAssignUserMutation, useGetProjectUsersQuery, useRemoveUserMutation, useSetProjectRoleMutation } from '../../api/projects-api.ts';
import { ASSIGN_FAILED, LIST_USERS_FAILED, UPDATE_FAILED, USER_ASSIGNED } from '../../shared/messages.ts';

type Dialog = 'remove' | 'roles' | 'add' | 'invite' | null;

export function ProjectUsersTab({ projectId }: { projectId: string }) {
  const {
    data: members = [],
    isLoading,
    isError,
  } = useGetProjectUsersQuery(projectId, {
    refetchOnMountOrArgChange: true,
  });
  const [removeUser] = useRemoveUserMutation();
  const [setProjectRole] = useSetProjectRoleMutation();
  const [assignUser] = useAssignUserMutation();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const phone = usePhone();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [rowBusy, setRowBusy] = useState<string | null>(null);

  const ids = members.map((m) => m.user_id);
  // Only members still listed count, so a removal elsewhere cannot leave ghosts selected.
  const selected = ids.filter((id) => picked.has(id));
  const state = selectionState(picked, ids);

  const removeSelected = async () => {
    setBusy(true);
    const results = await Promise.all(selected.map((user_id) => removeUser({ user_id, project_id: projectId })));
    setBusy(false);
    setDialog(null);
    setPicked(new Set());
    if (results.some((r) => r.error)) toast.error(UPDATE_FAILED);
    else toast.success('Users removed');
  };

  const updateSelectedRoles = async (role: string) => {
    setBusy(true);
    const results = await Promise.all(selected.map((user_id) => setProjectRole({ user_id, project_id: projectId, project_role: role as ProjectRole })));
    setBusy(false);
    setDialog(null);
    if (results.some((r) => r.error)) toast.error(UPDATE_FAILED);
    else toast.success('Roles updated');
  };

  const changeRow = async (user_id: string, role: string | null) => {
    const member = members.find((m) => m.user_id === user_id);
    if (!role || !member || member.project_role === role) return;
    setRowBusy(user_id);
    const result = await setProjectRole({
      user_id,
      project_id: projectId,
      project_role: role as ProjectRole,
    });
    setRowBusy(null);
    if (result.error) toast.error(UPDATE_FAILED);
    else toast.success('Roles updated');
  };

  // An invitation from inside a project also makes the new user a member of it.
  const addInvited = async (user: InvitedUser) => {
    const result = await assignUser({ user_id: user.id, project_id: projectId, project_role: 'user' });
    if (result.error) toast.error(ASSIGN_FAILED);
    else toast.success(USER_ASSIGNED);
  };

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Checkbox
            label="Select all"
            checked={state === 'all'}
            indeterminate={state === 'some'}
            disabled={ids.length === 0}
            onChange={() => setPicked(toggleAll(picked, ids))}
          />
          <Text size="sm" c="dimmed">
            {selected.length} selected
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" color="red" variant="light" disabled={selected.length === 0} onClick={() => setDialog('remove')}>
            Remove Selected
          </Button>
          <Button size="xs" variant="light" disabled={selected.length === 0} onClick={() => setDialog('roles')}>
            Update Roles
          </Button>
          <Button size="xs" variant="default" onClick={() => setDialog('add')}>
            Add Users
          </Button>
          <Button size="xs" onClick={() => setDialog('invite')}>
            Invite User
          </Button>
        </Group>
      </Group>

      {isLoading ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : members.length === 0 ? (
        <NoData text={isError ? LIST_USERS_FAILED : undefined} />
      ) : (
        // On a phone the e-mail goes under the name, so the Role column stays in view without scrolling.
        <Table.ScrollContainer minWidth={phone ? 0 : 520}>
          <Table highlightOnHover verticalSpacing="xs" horizontalSpacing={phone ? 6 : 'sm'} aria-label="Project users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36} />
                <Table.Th>Name</Table.Th>
                {!phone && <Table.Th>Email</Table.Th>}
                <Table.Th w={phone ? 116 : 160}>Role</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.user_id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${personName(member)}`}
                      checked={picked.has(member.user_id)}
                      onChange={() => setPicked(toggleOne(picked, member.user_id))}
                    />
                  </Table.Td>
                  {phone ? (
                    <Table.Td style={{ maxWidth: 0 }}>
                      <TwoLines main={personName(member)} sub={member.user_email} />
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td>{personName(member)}</Table.Td>
                      <Table.Td>{member.user_email}</Table.Td>
                    </>
                  )}
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={`Role of ${personName(member)}`}
                      data={PROJECT_ROLE_OPTIONS}
                      value={member.project_role?.toLowerCase() ?? null}
                      onChange={(role) => void changeRow(member.user_id, role)}
                      disabled={rowBusy === member.user_id}
                      allowDeselect={false}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ConfirmDialog
        opened={dialog === 'remove'}
        message={`Remove ${selected.length} user(s) from this project?`}
        confirmLabel="Remove"
        color="red"
        loading={busy}
        onConfirm={() => void removeSelected()}
        onCancel={() => setDialog(null)}
      />
      <ChoicePromptDialog
        opened={dialog === 'roles'}
        title="Update Roles"
        message={`New project role for ${selected.length} user(s):`}
        label="Project role"
        choices={PROJECT_ROLES}
        confirmLabel="Update Roles"
        loading={busy}
        onSubmit={(role) => void updateSelectedRoles(role)}
        onCancel={() => setDialog(null)}
      />
      <AddUsersDialog projectId={projectId} opened={dialog === 'add'} onClose={() => setDialog(null)} />
      <InviteDialog opened={dialog === 'invite'} onClose={() => setDialog(null)} onInvited={addInvited} />
    </>
  );
}
