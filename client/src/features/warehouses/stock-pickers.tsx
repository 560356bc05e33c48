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
  lost = false,
}: {
  rows: readonly WarehouseStockRow[];
  value: string | null;
  onChange: (materialId: string | null) => void;
  error?: string | boolean;
  label?: string;
  /** Offer the parts with some lost here (to mark found), with that quantity, instead of those on hand. */
  lost?: boolean;
}) {
  const offered = lost ? rows.filter((r) => r.qty_lost > 0) : rows.filter((r) => r.qty_on_hand > 0);
  return (
    <Select
      label={label}
      placeholder={offered.length > 0 ? 'Choose a part' : lost ? 'Nothing is lost in this warehouse' : 'This warehouse holds no materials'}
      data={offered.map((r) => ({
        value: r.material_id,
        label: `${r.material.part_number} · ${r.material.part_name} (${lost ? `${r.qty_lost} lost` : `${r.qty_on_hand} on hand`})`,
      }))}
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
