/**
 * What the asset logs show (spec 02 §2.5, §3 "Asset log"): each transaction's type in the words
 * of the type filter, which rows the filter and search keep, newest first. Pure, so tested.
 */
import { matchesAllWords } from '../../app/search-term.ts';
import type { AssetTransaction } from './asset-types.ts';

export const ASSET_LOG_FILTERS = ['All', 'Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found'] as const;
export type AssetLogFilter = (typeof ASSET_LOG_FILTERS)[number];

/**
 * A transaction's action as a log type. Marking in use is the asset's assign and marking it
 * available its unassign (spec 01 §4 "Asset instance"); a move to a project assigns it there.
 */
export function assetLogType(action: string): string {
  const a = action.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (a === 'in_use' || a === 'mark_in_use' || a === 'assign' || a === 'assigned') return 'Assign';
  if (a === 'available' || a === 'mark_available' || a === 'unassign' || a === 'unassigned') return 'Unassign';
  if (a.startsWith('receive')) return 'Receive';
  if (a.startsWith('return')) return 'Return';
  if (a === 'lost') return 'Lost';
  if (a === 'found') return 'Found';
  return a ? a.charAt(0).toUpperCase() + a.slice(1).replace(/_/g, ' ') : 'Other';
}

export function visibleAssetLogs(rows: readonly AssetTransaction[], filter: AssetLogFilter, search: string): AssetTransaction[] {
  return rows
    .filter((r) => filter === 'All' || assetLogType(r.action_type) === filter)
    .filter((r) => matchesAllWords([r.asset_number, r.asset_name ?? '', r.serial_number ?? '', r.created_by, r.from_owner_name ?? '', r.to_owner_name ?? ''], search))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.position - a.position);
}

/** "Warehouse #1 · North Yard" or just "Warehouse" when the name is not given. */
export function ownerText(type: string | null, name: string | null): string {
  if (!type) return '—';
  const kind = type.charAt(0).toUpperCase() + type.slice(1);
  return name ? `${kind} ${name}` : kind;
}
