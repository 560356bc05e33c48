/**
 * The dashboard's CSV export in assets mode (spec 01 §2: "a searchable inventory table with CSV
 * export, export for admins"): the project's Asset rows (spec 01 §3) as the screen has them, so
 * it is made here rather than fetched again. Quoted like the server's exports, with a byte-order
 * mark, and text a spreadsheet would run as a formula neutralised.
 */
import { downloadText } from '../../api/download.ts';
import type { AssetRow } from './asset-types.ts';

export const ASSET_CSV_HEADER = [
  'AssetNumber',
  'AssetName',
  'StandardName',
  'Category',
  'serial_number',
  'Status',
  'QtyOnHand',
  'AssignedQty',
  'QtyLost',
  'AssignedTo',
  'instance_id',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function assetInventoryCsv(rows: readonly AssetRow[]): string {
  const lines = rows.map((r) =>
    [
      r.AssetNumber,
      r.AssetName,
      r.StandardName,
      r.category,
      r.serial_number,
      r.Status,
      r.QtyOnHand,
      r.AssignedQty,
      r.QtyLost,
      r.assigned_user_name ?? null,
      r.instance_id,
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[ASSET_CSV_HEADER.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}

/** asset_inventory_{project number}_{timestamp}.csv, the timestamp as the server writes its own. */
export function assetInventoryFileName(projectNumber: string, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `asset_inventory_${projectNumber.replace(/[^\w.-]+/g, '_')}_${stamp}.csv`;
}

export function downloadAssetInventoryCsv(rows: readonly AssetRow[], projectNumber: string): void {
  downloadText(assetInventoryFileName(projectNumber), assetInventoryCsv(rows));
}
