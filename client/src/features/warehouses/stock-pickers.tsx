/** Pickers over a warehouse's stock: a part it holds, and one of that part's locations. */
import { Select } from '@mantine/core';
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import { limitWithHint } from '../../components/part-picker.tsx';

export function StockPartSelect({
  rows,
  value,
  onChange,
  error,
  label = 'Material',
}: {
  rows: readonly WarehouseStockRow[];
  value: string | null;
  onChange: (materialId: string | null) => void;
  error?: string | boolean;
  label?: string;
}) {
  return (
    <Select
      label={label}
      placeholder={rows.length === 0 ? 'This warehouse holds no materials' : 'Choose a part'}
      data={rows
        .filter((r) => r.qty_on_hand > 0)
        .map((r) => ({ value: r.material_id, label: `${r.material.part_number} · ${r.material.part_name} (${r.qty_on_hand} on hand)` }))}
      value={value}
      onChange={onChange}
      searchable
      filter={limitWithHint}
      limit={25}
      nothingFoundMessage="No parts match"
      error={error}
    />
  );
}

export function SourceLocationSelect({
  row,
  value,
  onChange,
  error,
}: {
  row: WarehouseStockRow | undefined;
  value: string | null;
  onChange: (source: string | null) => void;
  error?: string | boolean;
}) {
  const data = (row?.locations ?? []).filter((l) => l.qty > 0).map((l) => ({ value: l.place_key, label: `${l.label} (${l.qty})` }));
  return (
    <Select
      label="From location"
      placeholder={row ? 'Choose where it is taken from' : 'Choose a part first'}
      data={data}
      value={value}
      onChange={onChange}
      disabled={!row}
      error={error}
    />
  );
}
