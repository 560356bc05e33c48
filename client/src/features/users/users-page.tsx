/**
 * /users, User Management (superadmin only): search from two characters, 25 users a page,
 * checkbox selection with bulk role change and bulk delete, the invite dialog, and each person's
 * Security dialog (their second factors, sign-in history, and a reset).
 */
import { Badge, Button, Center, Checkbox, Group, Loader, Pagination, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { formatDate } from '../../shared/format.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { SEARCH_DEBOUNCE_MS, searchTerm } from '../../shared/search-term.ts';
import { selectionState, toggleAll, toggleOne } from '../../shared/selection.ts';
import { toast } from '../../shared/toast.ts';
import { ChoicePromptDialog } from '../../components/choice-prompt-dialog.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { WideTable } from '../../components/wide-table.tsx';
import { isSuperadmin } from '../../shared/session/permissions.ts';
import { selectUser, selectRole } from '../../shared/session/session-selectors.ts';
import type { GlobalRole } from '../../shared/session/session-types.ts';
import { InviteDialog } from '../../components/invite-dialog.tsx';
import { GLOBAL_ROLES, USER_PAGE_SIZE, personName, roleLabel } from '../../api/user-types.ts';
import { useDeleteUsersMutation, useListUsersQuery, useUpdateUserRolesMutation } from '../../api/users-api.ts';
import { LIST_USERS_FAILED, UPDATE_FAILED } from '../../shared/messages.ts';
import { UserSecurityDialog } from './user-security-dialog.tsx';

export const NO_ACCESS_TEXT = 'You do not have permission to view this page.';

type Dialog = 'delete' | 'roles' | 'invite' | null;

export function UsersPage() {
  const role = useAppSelector(selectRole);
  if (!isSuperadmin(role)) {
    return (
      <>
        <PageHeader title="User Management" />
        <Text>{NO_ACCESS_TEXT}</Text>
      </>
    );
  }
  return <UserManagement />;
}

function UserManagement() {
  const me = useAppSelector(selectUser);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const q = searchTerm(debounced);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [securityOf, setSecurityOf] = useState<{ id: string; name: string } | null>(null);
  const { data, isLoading, isFetching, isError } = useListUsersQuery({
    q,
    page,
    page_size: USER_PAGE_SIZE,
  });
  const [updateRoles, { isLoading: updating }] = useUpdateUserRolesMutation();
  const [deleteUsers, { isLoading: deleting }] = useDeleteUsersMutation();

  const users = data?.items ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / USER_PAGE_SIZE));
  // One's own account is not offered for bulk changes: deleting or demoting it locks one out.
  const selectable = users.filter((u) => u.id !== me?.id).map((u) => u.id);
  const selected = [...picked];
  const state = selectionState(picked, selectable);

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
    setPicked(new Set());
  };

  // After a delete the last page can vanish; step back to the new last page.
  useEffect(() => {
    if (data && page > pages) setPage(pages);
  }, [data, page, pages]);

  const onPage = (next: number) => {
    setPage(next);
    setPicked(new Set());
  };

  const onUpdateRoles = async (next: string) => {
    const result = await updateRoles({ ids: selected, role: next as GlobalRole });
    setDialog(null);
    if (result.error) {
      toast.error(UPDATE_FAILED);
      return;
    }
    setPicked(new Set());
    toast.success('Roles updated');
  };

  const onDelete = async () => {
    const result = await deleteUsers({ ids: selected });
    setDialog(null);
    if (result.error) {
      toast.error('Delete failed');
      return;
    }
    setPicked(new Set());
    toast.success('Users deleted');
  };

  return (
    <>
      <PageHeader title="User Management">
        <Button onClick={() => setDialog('invite')}>Invite User</Button>
      </PageHeader>
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search users"
          maxLength={MAX_LENGTH.search}
          placeholder="Search users (2+ characters)"
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {selected.length} selected
          </Text>
          <Button variant="light" disabled={selected.length === 0} onClick={() => setDialog('roles')}>
            Edit Roles
          </Button>
          <Button color="red" variant="light" disabled={selected.length === 0} onClick={() => setDialog('delete')}>
            Delete Users
          </Button>
        </Group>
      </Group>

      {isLoading ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : users.length === 0 ? (
        <NoData text={isError ? LIST_USERS_FAILED : undefined} />
      ) : (
        <WideTable minWidth={820}>
          <Table highlightOnHover verticalSpacing="sm" style={{ opacity: isFetching ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all users on this page"
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    disabled={selectable.length === 0}
                    onChange={() => setPicked(toggleAll(picked, selectable))}
                  />
                </Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id} bg={picked.has(user.id) ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${personName(user)}`}
                      checked={picked.has(user.id)}
                      disabled={user.id === me?.id}
                      onChange={() => setPicked(toggleOne(picked, user.id))}
                    />
                  </Table.Td>
                  <Table.Td>{personName(user)}</Table.Td>
                  <Table.Td>{user.user_email || user.email}</Table.Td>
                  <Table.Td>{roleLabel(user.user_role ?? user.role)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={user.status === 'invited' ? 'yellow' : 'teal'}>
                      {user.status === 'invited' ? 'Invited' : 'Active'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(user.created_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`Security of ${personName(user)}`}
                      onClick={() => setSecurityOf({ id: user.id, name: personName(user) })}
                    >
                      Security
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={onPage} />
        </Group>
      )}

      <ChoicePromptDialog
        opened={dialog === 'roles'}
        title="Edit Roles"
        message={`New role for ${selected.length} user(s):`}
        label="Role"
        choices={GLOBAL_ROLES}
        confirmLabel="Update Roles"
        loading={updating}
        onSubmit={(next) => void onUpdateRoles(next)}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        message={`Delete ${selected.length} user(s)? This cannot be undone.`}
        confirmLabel="Delete"
        color="red"
        loading={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setDialog(null)}
      />
      <InviteDialog opened={dialog === 'invite'} onClose={() => setDialog(null)} />
      <UserSecurityDialog user={securityOf} onClose={() => setSecurityOf(null)} />
    </>
  );
}
