/**
 * What the asset tables show (spec 01 §2): which rows match the search, in which order, and the
 * colour of a status (Available green, In-Use red). Pure, so tested without rendering.
 */
import { matchesAllWords } from '../../shared/search-term.ts';
import { sortBy, type SortState } from '../../shared/table-sort.ts';
import type { AssetRow, AssetStatus } from './asset-types.ts';

export type AssetSortKey = 'type' | 'name' | 'serial' | 'status';

export const DEFAULT_ASSET_SORT: SortState<AssetSortKey> = { key: 'type', direction: 'asc' };

export const STATUS_COLORS: Record<AssetStatus, string> = { Available: 'green', 'In-Use': 'red', Lost: 'gray' };

/** How a status reads on screen: "In Use", "Available" (spec 02 §3 "Asset instance") or "Lost". */
export const statusLabel = (status: AssetStatus) => (status === 'In-Use' ? 'In Use' : status);

/** The Asset Type column: the type's asset number, as Part Number is a material's (spec 01 §2, §3 "Asset row"). */
export const assetType = (row: Pick<AssetRow, 'AssetNumber'>) => row.AssetNumber;

/** A row's key: its instance, or for a bulk asset its catalogue item. */
export const assetRowKey = (row: AssetRow) => row.instance_id ?? `bulk:${row.catalog_id}`;

/** Bulk assets have no serial and are counted; serialized ones are one instance a row. */
export const isBulk = (row: Pick<AssetRow, 'kind'>) => row.kind === 'bulk';

export function assetSortValue(row: AssetRow, key: AssetSortKey): string {
  switch (key) {
    case 'type':
      return assetType(row);
    case 'name':
      return row.AssetName;
    case 'serial':
      return row.serial_number ?? '';
    case 'status':
      return row.Status;
    default: {
      const unknown: never = key;
      return String(unknown);
    }
  }
}

export function visibleAssets(rows: readonly AssetRow[], search: string, sort: SortState<AssetSortKey> | null): AssetRow[] {
  const matching = rows.filter((r) =>
    matchesAllWords([r.AssetNumber, r.AssetName, r.category, r.serial_number ?? '', r.StandardName, r.assigned_user_name ?? ''], search),
  );
  return sortBy(matching, sort, assetSortValue);
}
