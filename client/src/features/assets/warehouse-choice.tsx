/**
 * The warehouse selector of the assets-mode warehouse screens ("#{num_id} · name"). The choice
 * lives in the address (`?warehouse=`), the same parameter the materials mode uses, so switching
 * mode keeps the warehouse.
 */
import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useListWarehousesQuery } from '../../api/warehouses-api.ts';
import { warehouseLabel, type Warehouse } from '../../api/warehouse-types.ts';

export function useWarehouseChoice() {
  const [params, setParams] = useSearchParams();
  const list = useListWarehousesQuery(undefined, { refetchOnMountOrArgChange: true });
  const warehouses = list.data ?? [];
  const wanted = params.get('warehouse');
  const chosen: Warehouse | undefined = warehouses.find((w) => w.id === wanted) ?? warehouses.find((w) => w.active) ?? warehouses[0];
  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('warehouse', id);
    setParams(next, { replace: true });
  };
  return { list, warehouses, chosen, choose };
}

export function WarehouseChoice({ choice }: { choice: ReturnType<typeof useWarehouseChoice> }) {
  const { list, warehouses, chosen, choose } = choice;
  return (
    <Select
      aria-label="Warehouse"
      placeholder={
        list.isLoading ? 'Loading...' : list.isError ? 'Failed to load warehouses.' : warehouses.length === 0 ? 'No warehouses yet' : 'Select a warehouse'
      }
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
