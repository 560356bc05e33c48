/**
 * The warehouse selector of the warehouse screens, materials and assets mode alike ("#{num_id} · name",
 * spec 02 §2.4), with the header and the access check those screens share. The choice lives in the
 * address (`?warehouse=`), so a link or a reload keeps it and switching mode keeps the warehouse;
 * without one the first active warehouse is shown.
 */
import { Center, Group, Loader, Paper, Select, Stack } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messageOr } from '../api/error-message.ts';
import { useListWarehousesQuery } from '../api/warehouses-api.ts';
import { warehouseLabel, type Warehouse } from '../api/warehouse-types.ts';
import { useAppSelector } from '../shared/hooks.ts';
import { ADMIN_ACCESS_DENIED, canUseWarehouses } from '../shared/session/permissions.ts';
import { selectSession } from '../shared/session/session-selectors.ts';
import { AccessDenied } from './access-denied.tsx';
import { DetailField } from './detail-field.tsx';
import { NoData } from './no-data.tsx';
import { PageHeader } from './page-header.tsx';
import { LOAD_WAREHOUSES_FAILED } from '../shared/messages.ts';

export type WarehouseChoice = ReturnType<typeof useWarehouseChoice>;

export function useWarehouseChoice() {
  const [params, setParams] = useSearchParams();
  const list = useListWarehousesQuery(undefined, { refetchOnMountOrArgChange: true });
  const warehouses = list.data ?? [];
  const wanted = params.get('warehouse');
  const chosen: Warehouse | undefined = warehouses.find((w) => w.id === wanted) ?? warehouses.find((w) => w.active) ?? warehouses[0];
  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('warehouse', id);
    // A page number belongs to the warehouse it was read in.
    next.delete('page');
    setParams(next, { replace: true });
  };
  return { list, warehouses, chosen, choose };
}

export function WarehouseSelect({ choice }: { choice: WarehouseChoice }) {
  const { list, warehouses, chosen, choose } = choice;
  const placeholder = list.isLoading
    ? 'Loading...'
    : list.isError
      ? LOAD_WAREHOUSES_FAILED
      : warehouses.length === 0
        ? 'No warehouses yet'
        : 'Select a warehouse';
  return (
    <Select
      aria-label="Warehouse"
      placeholder={placeholder}
      data={warehouses.map((w) => ({ value: w.id, label: w.active ? warehouseLabel(w) : `${warehouseLabel(w)} (inactive)` }))}
      value={chosen?.id ?? null}
      onChange={(id) => id && choose(id)}
      disabled={list.isLoading || warehouses.length === 0}
      searchable
      nothingFoundMessage="No warehouses match"
      allowDeselect={false}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

/** A warehouse screen's title with the selector beside it. */
export function WarehouseHeader({ title, choice }: { title: string; choice: WarehouseChoice }) {
  return (
    <PageHeader title={title}>
      <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
        <WarehouseSelect choice={choice} />
      </Group>
    </PageHeader>
  );
}

/**
 * A warehouse screen: for global admins and superadmins (others are told so), handed the warehouse
 * choice it works on. The warehouses are asked for only once access is settled.
 */
export function warehouseScreen(title: string, Screen: ComponentType<{ choice: WarehouseChoice }>) {
  function WithChoice() {
    return <Screen choice={useWarehouseChoice()} />;
  }
  return function WarehouseScreen() {
    const { role } = useAppSelector(selectSession);
    if (!canUseWarehouses(role)) return <AccessDenied title={title} text={ADMIN_ACCESS_DENIED} />;
    return <WithChoice />;
  };
}

/**
 * A warehouse screen's body: the chosen warehouse's content once the list is there; before, the
 * failure, `empty` when there are no warehouses, or a spinner.
 */
export function WarehouseBody({ choice, empty, children }: { choice: WarehouseChoice; empty: string; children: (warehouse: Warehouse) => ReactNode }) {
  const warehouse = choice.chosen;
  return (
    <Stack gap="md">
      {choice.list.isError ? (
        <NoData text={messageOr(choice.list.error, LOAD_WAREHOUSES_FAILED)} />
      ) : choice.list.isSuccess && choice.warehouses.length === 0 ? (
        <NoData text={empty} />
      ) : warehouse ? (
        children(warehouse)
      ) : choice.list.isLoading ? (
        <Center p="xl">
          <Loader size="sm" />
        </Center>
      ) : null}
    </Stack>
  );
}

/** The chosen warehouse's facts above its content; the capacity where the screen shows it. */
export function WarehouseFacts({ warehouse, capacity = false }: { warehouse: Warehouse; capacity?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xl" wrap="wrap">
        <DetailField label="Warehouse" value={warehouseLabel(warehouse)} />
        <DetailField label="Location" value={warehouse.yard_info.location || '—'} />
        {capacity && <DetailField label="Capacity" value={warehouse.yard_info.capacity_summary || '—'} />}
        {!warehouse.active && <DetailField label="Status" value="Deactivated" />}
      </Group>
    </Paper>
  );
}
