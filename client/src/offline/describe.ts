/**
 * What a queued call is, read from its route and body: its kind, the project or warehouse it
 * touches, and one line a person recognises on the "On this device" page.
 */
import type { OfflineActionKind } from '@contract/offline.ts';
import { SCAN_PATHS } from '@contract/scan-paths.ts';
import { pathOf } from '../shared/url-path.ts';

export interface CallDescription {
  kind: OfflineActionKind;
  projectId: string | null;
  warehouseId: string | null;
  summary: string;
}

const KIND_BY_PATH: readonly [RegExp, OfflineActionKind][] = [
  [/^\/api\/materials\/receive$/, 'receive'],
  [/^\/api\/materials\/return$/, 'return'],
  [/^\/api\/inventory\/assign$/, 'assign'],
  [/^\/api\/inventory\/unassign$/, 'unassign'],
  [/^\/api\/materials\/lost$/, 'lost'],
  [/^\/api\/materials\/found$/, 'found'],
  [/^\/api\/(projects|warehouses)\/[^/]+\/assets\/receive$/, 'asset-assign'],
  [/^\/api\/(projects|warehouses)\/[^/]+\/assets\/return$/, 'asset-return'],
  [/^\/api\/assets\/instances\/assign$/, 'asset-assign'],
  [/^\/api\/assets\/instances\/[^/]+\/in-use$/, 'asset-in-use'],
  [/^\/api\/assets\/lost$/, 'asset-lost'],
  [/^\/api\/assets\/found$/, 'asset-found'],
  [new RegExp(`^${SCAN_PATHS.receive}$`), 'scan-receive'],
  [new RegExp(`^${SCAN_PATHS.inUse}$`), 'scan-in-use'],
  [/^\/api\/counts\/[^/]+\/count$/, 'count-line'],
  [/^\/api\/requests\/material$/, 'material-request'],
];

const VERB: Record<OfflineActionKind, string> = {
  receive: 'Receive',
  return: 'Return',
  assign: 'Assign',
  unassign: 'Unassign',
  lost: 'Mark lost',
  found: 'Mark found',
  'asset-in-use': 'In use:',
  'asset-return': 'Return asset',
  'asset-assign': 'Move asset',
  'asset-lost': 'Mark asset lost',
  'asset-found': 'Mark asset found',
  'scan-receive': 'Receive',
  'scan-in-use': 'In use:',
  'count-line': 'Count',
  'material-request': 'Request materials',
};

export function kindOf(path: string): OfflineActionKind | null {
  return KIND_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

type Body = Record<string, unknown>;

const asBody = (body: unknown): Body => (typeof body === 'object' && body !== null ? (body as Body) : {});
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The quantity a person can change on a refused action, or null when it has none. */
export function quantityOf(body: unknown): number | null {
  return num(asBody(body).quantity);
}

function ownerFromPath(path: string, kind: 'projects' | 'warehouses'): string | null {
  const match = new RegExp(`^/api/${kind}/([^/]+)/`).exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function detail(kind: OfflineActionKind, body: Body): string {
  const quantity = num(body.quantity);
  const part = str(body.part_number) ?? str(body.asset_number);
  if (quantity !== null && part) return `${quantity} × ${part}`;
  if (kind === 'count-line') {
    const what = str(body.part_number) ?? str(body.serial_number) ?? 'a line';
    return num(body.counted) === null ? what : `${what}: ${num(body.counted)}`;
  }
  if (kind === 'material-request' && Array.isArray(body.pick_list)) {
    const lines = body.pick_list.length;
    return `${lines} line${lines === 1 ? '' : 's'}`;
  }
  if (Array.isArray(body.lines)) {
    const n = body.lines.length;
    return kind === 'scan-receive' ? `${n} serial${n === 1 ? '' : 's'}${part ? ` of ${part}` : ''}` : `${n} asset${n === 1 ? '' : 's'}`;
  }
  return part ?? '';
}

/** Kind, place and summary of an offline call; null when the route is not one that may be queued. */
export function describeCall(url: string, body: unknown): CallDescription | null {
  const path = pathOf(url);
  const kind = kindOf(path);
  if (!kind) return null;
  const b = asBody(body);
  const query = new URL(url, 'http://localhost').searchParams;
  const projectId = str(b.project_id) ?? query.get('project_id') ?? ownerFromPath(path, 'projects');
  const warehouseId = str(b.warehouse_id) ?? query.get('warehouse_id') ?? ownerFromPath(path, 'warehouses');
  // A scan batch names where it goes as owner type and id.
  const owner = str(b.to_owner_id);
  const scanProject = b.to_owner_type === 'project' ? owner : null;
  const scanWarehouse = b.to_owner_type === 'warehouse' ? owner : null;
  const what = detail(kind, b);
  const inUse = kind === 'asset-in-use' || kind === 'scan-in-use';
  const back = inUse && b.in_use === false;
  const verb = back ? 'Back from use:' : VERB[kind];
  if (!what && inUse) return { kind, projectId, warehouseId, summary: back ? 'Asset back from use' : 'Asset in use' };
  return {
    kind,
    projectId: projectId ?? scanProject,
    warehouseId: warehouseId ?? scanWarehouse,
    summary: what ? `${verb} ${what}` : verb.replace(/:$/, ''),
  };
}
