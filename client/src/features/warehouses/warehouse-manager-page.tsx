/**
 * /warehouse-manager (superadmin): every warehouse, active or not, with create, edit, and
 * deactivate or reactivate behind a confirm. A warehouse holding stock cannot be deactivated (the
 * server says so); its history is never deleted.
 */
import { Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { warehouseLabel, type Warehouse } from '../../api/warehouse-types.ts';
import { useListWarehousesQuery, useSetWarehouseActiveMutation } from '../../api/warehouses-api.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { canManageWarehouses, SUPERADMIN_ACCESS_DENIED } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { toast } from '../../shared/toast.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { AccessDenied } from '../../components/access-denied.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { WarehouseFormDialog } from './warehouse-form-dialog.tsx';
import { LOAD_WAREHOUSES_FAILED } from '../../shared/messages.ts';

const TITLE = 'Warehouse Manager';

export function WarehouseManagerPage() {
  const { role } = useAppSelector(selectSession);
  if (!canManageWarehouses(role)) return <AccessDenied title={TITLE} text={SUPERADMIN_ACCESS_DENIED} />;
  return <WarehouseManager />;
}

function WarehouseManager() {
  const list = useListWarehousesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const [toggling, setToggling] = useState<Warehouse | null>(null);
  const [setActive, activeState] = useSetWarehouseActiveMutation();
  const phone = usePhone();
  const warehouses = [...(list.data ?? [])].sort((a, b) => a.num_id - b.num_id);

  const confirmToggle = async () => {
    if (!toggling) return;
    const active = !toggling.active;
    const result = await setActive({ id: toggling.id, active });
    if (result.error) toast.error(messageOr(result.error, active ? 'Reactivate failed' : 'Deactivate failed'));
    else toast.success(`${warehouseLabel(toggling)} ${active ? 'reactivated' : 'deactivated'}`);
    setToggling(null);
  };

  const actions = (w: Warehouse) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" variant="light" aria-label={`Edit ${warehouseLabel(w)}`} onClick={() => setEditing(w)}>
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color={w.active ? 'red' : 'teal'}
        aria-label={`${w.active ? 'Deactivate' : 'Reactivate'} ${warehouseLabel(w)}`}
        onClick={() => setToggling(w)}
      >
        {w.active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Group>
  );
  const status = (w: Warehouse) => (
    <Badge tt="none" variant="light" color={w.active ? 'teal' : 'gray'}>
      {w.active ? 'Active' : 'Inactive'}
    </Badge>
  );

  return (
    <>
      <PageHeader title={TITLE}>
        <Button onClick={() => setEditing('new')}>New Warehouse</Button>
      </PageHeader>
      {list.isLoading ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : list.isError ? (
        <NoData text={messageOr(list.error, LOAD_WAREHOUSES_FAILED)} />
      ) : warehouses.length === 0 ? (
        <NoData text="There are no warehouses yet. Create the first with New Warehouse." />
      ) : phone ? (
        <Stack gap="xs" role="list" aria-label="Warehouses">
          {warehouses.map((w) => (
            <Paper key={w.id} role="listitem" withBorder p="sm" radius="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600}>{warehouseLabel(w)}</Text>
                {status(w)}
              </Group>
              <Text size="sm" c="dimmed">
                {[w.yard_info.location, w.yard_info.capacity_summary].filter(Boolean).join(' · ') || '—'}
              </Text>
              <Group justify="flex-end" mt="xs">
                {actions(w)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" aria-label="Warehouses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Capacity</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {warehouses.map((w) => (
                <Table.Tr key={w.id} data-warehouse={w.num_id}>
                  <Table.Td fw={600}>{warehouseLabel(w)}</Table.Td>
                  <Table.Td>{w.yard_info.location || '—'}</Table.Td>
                  <Table.Td>{w.yard_info.capacity_summary || '—'}</Table.Td>
                  <Table.Td>{status(w)}</Table.Td>
                  <Table.Td>{actions(w)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {editing && <WarehouseFormDialog warehouse={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={toggling !== null}
        onCancel={() => setToggling(null)}
        onConfirm={() => void confirmToggle()}
        loading={activeState.isLoading}
        color={toggling?.active ? 'red' : undefined}
        confirmLabel={toggling?.active ? 'Deactivate' : 'Reactivate'}
        message={
          toggling?.active
            ? `Deactivate ${warehouseLabel(toggling)}? It can no longer receive stock. Its history is kept, and it can be reactivated.`
            : toggling
              ? `Reactivate ${warehouseLabel(toggling)}?`
              : ''
        }
      />
    </>
  );
}
