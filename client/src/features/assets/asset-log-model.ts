/**
 * What the asset logs show (spec 02 §2.5, §3 "Asset log"): the type filter's choices, and each
 * side of a move in words. The server filters by type and search and answers newest first.
 */
import { ASSET_ACTIONS } from '@contract/assets.ts';
import type { AssetTransaction } from './asset-types.ts';

/** The spec's filter (All, Receive, Return, Assign, Unassign, Lost, Found), and Transfer, which the ledger also records. */
export const ASSET_LOG_FILTERS = ['All', ...ASSET_ACTIONS] as const;
export type AssetLogFilter = (typeof ASSET_LOG_FILTERS)[number];

const KIND_WORDS: Record<string, string> = { warehouse: 'Warehouse', project: 'Project', user: 'User' };

/** One side of a move: "Warehouse #1 · North Yard", "User Ada Byron", or "—" when there is none. */
export function ownerText(type: AssetTransaction['from_owner_type'], label: string | null): string {
  if (!type) return '—';
  const kind = KIND_WORDS[type] ?? type;
  return label ? `${kind} ${label}` : kind;
}
