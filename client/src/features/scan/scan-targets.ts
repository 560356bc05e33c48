/**
 * Where a scanned thing opens: an asset, a location and a label are shown where the scan was read;
 * a part, a transfer, a request and an asset type open the screen that holds them, with the right
 * project (and inventory mode) chosen first. Pure, so tested without rendering.
 */
import type { ScanMatch } from '@contract/scan.ts';
import { LINK_PARAMS } from '../../shared/deep-link.ts';
import type { DashboardMode } from '../../shared/session/session-types.ts';

/** The project and warehouse the scan was read in: a part is looked up there first. */
export interface ScanPlace {
  projectId: string | null;
  warehouseId: string | null;
}

export interface ScanRoute {
  path: string;
  /** The project to make current before going (null: keep the current one). */
  projectId: string | null;
  /** The inventory mode the screen is shown in (null: keep the current one). */
  mode: DashboardMode | null;
}

export type ScanTarget = { kind: 'show' } | ({ kind: 'go' } & ScanRoute);

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

const warehouseInventory = (mode: DashboardMode, warehouseId: string, extra: Record<string, string>): ScanRoute => ({
  path: `/warehouses?${query({ mode, warehouse: warehouseId, ...extra })}`,
  projectId: null,
  mode: null,
});

export function scanTarget(match: ScanMatch, place: ScanPlace): ScanTarget {
  switch (match.kind) {
    case 'asset':
    case 'location':
    case 'label':
      return { kind: 'show' };
    case 'part':
      return match.at.type === 'warehouse'
        ? { kind: 'go', ...warehouseInventory('materials', match.at.id, { [LINK_PARAMS.part]: match.part_number }) }
        : { kind: 'go', path: `/dashboard?${query({ [LINK_PARAMS.part]: match.part_number })}`, projectId: match.at.id, mode: 'materials' };
    case 'transfer': {
      // The transfers screen lists those of the current project: keep it when it is one of the two ends.
      const ends = [match.from_id, match.to_id];
      const projectId = place.projectId && ends.includes(place.projectId) ? null : match.to_id;
      return { kind: 'go', path: `/dashboard/transfers?${query({ [LINK_PARAMS.transfer]: match.id })}`, projectId, mode: null };
    }
    case 'request':
      return { kind: 'go', path: `/dashboard/requests?${query({ [LINK_PARAMS.request]: match.id })}`, projectId: match.project_id, mode: null };
    case 'asset-type':
      return { kind: 'go', ...searchRoute('assets', match.asset_number, place) };
    default: {
      const unknown: never = match;
      throw new Error(`Unknown scan match ${JSON.stringify(unknown)}`);
    }
  }
}

/** The inventory of the place the scan was read in, searched for `term` ("No match" offers it). */
export function searchRoute(mode: DashboardMode, term: string, place: ScanPlace): ScanRoute {
  return place.warehouseId
    ? warehouseInventory(mode, place.warehouseId, { [LINK_PARAMS.search]: term })
    : { path: `/dashboard?${query({ [LINK_PARAMS.search]: term })}`, projectId: null, mode };
}

/** The label database searched for the label's first line. */
export function labelRoute(match: Extract<ScanMatch, { kind: 'label' }>): ScanRoute {
  const first = match.label_lines.find((line) => line.trim() !== '') ?? '';
  return { path: `/labels?${query({ [LINK_PARAMS.search]: first.trim() })}`, projectId: null, mode: null };
}

/** One line naming a match, for the chooser and the recent scans. */
export function matchTitle(match: ScanMatch): string {
  switch (match.kind) {
    case 'asset': {
      const i = match.instance;
      return `Asset ${i.asset_number} · ${i.asset_name}${i.serial_number ? ` · S/N ${i.serial_number}` : ''}`;
    }
    case 'asset-type':
      return `Asset type ${match.asset_number} · ${match.asset_name}`;
    case 'part':
      return `Part ${match.part_number} · ${match.part_name} (${match.at.label})`;
    case 'location':
      return `Location ${match.code} · ${match.warehouse_label}`;
    case 'transfer':
      return `Transfer ${match.from_name} → ${match.to_name} (${match.status})`;
    case 'request':
      return `Request R-${match.num} (${match.status})`;
    case 'label':
      return `Label ${match.label_lines.filter(Boolean).join(' / ')}`;
    default: {
      const unknown: never = match;
      throw new Error(`Unknown scan match ${JSON.stringify(unknown)}`);
    }
  }
}

/** What stays the same about a match when it is looked up again (after an action changed it). */
export function matchKey(match: ScanMatch): string {
  switch (match.kind) {
    case 'asset':
      return `asset:${match.instance.id}`;
    case 'asset-type':
      return `asset-type:${match.catalog_id}`;
    case 'part':
      return `part:${match.at.type}:${match.at.id}:${match.material_id}`;
    case 'location':
      return `location:${match.code}`;
    default:
      return `${match.kind}:${match.id}`;
  }
}
