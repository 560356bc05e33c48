/**
 * What a scanned code resolves to, for the caller: the one parser reads it, each kind is looked up
 * by its own indexed query, and only what the caller may see is answered, with what they may do.
 * Anything they may not see answers as nothing at all ("No match for …"), so a scan never tells
 * that an asset, a transfer or a request exists elsewhere. A code the parser refuses is a 400 on
 * the code field, with the parser's words.
 */
import type { AssetInstance } from '../../contract/assets.ts';
import { normalizePlace, placeKey } from '../../contract/place.ts';
import { locationCode, noMatchMessage, parseScanCode, requestNumberNeedsProject, type ScanAnswer, type ScanCode, type ScanMatch } from '../../contract/scan.ts';
import { warehouseLabel } from '../../contract/warehouses.ts';
import type { Db } from '../../ledger/database.ts';
import { DomainError } from '../../ledger/errors.ts';
import { findInstance, listInstances } from '../../projections/assets/queries.ts';
import {
  assetTypeByNumber,
  instanceIdsBySerial,
  type PartScope,
  partStock,
  placeHoldings,
  type ScannedLabel,
  type ScannedRequest,
  type ScannedTransfer,
  scannedLabel,
  scannedRequest,
  scannedTransfer,
  warehouseByNumber,
} from '../../projections/scan/queries.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import { allows } from '../auth/policies.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { type ProjectAccess, projectAccess } from '../projects/project-access.ts';
import { requestAccess } from '../requests/request-access.ts';
import { readSiteSettings } from '../site/site-settings.ts';
import { transferSides } from '../transfers/transfer-access.ts';
import { assetActions, partActions } from './scan-actions.ts';

/** Instances sharing one serial number across asset types: a handful at most in practice. */
const SERIAL_MATCHES_MAX = 20;

export interface ScanQuery {
  code: string;
  project_id?: string;
  warehouse_id?: string;
}

export interface ScanDeps {
  db: Db;
  access: AccessCache;
}

type Found = ScanMatch | null;

export async function resolveScan({ db, access }: ScanDeps, caller: AuthenticatedUser, query: ScanQuery): Promise<ScanAnswer> {
  const parsed = parseScanCode(query.code);
  if (!parsed.ok) throw new DomainError('VALIDATION', parsed.message, 'code');
  const code = query.code.trim();
  const assetAdmin = allows('asset.admin', caller);
  const warehouseAdmin = allows('warehouse.move', caller);
  const seesWarehouses = allows('warehouse.read', caller);
  const frozen = (await readSiteSettings(db)).freeze_transactions;

  // One project's access is asked once per scan, whatever number of matches it holds.
  const accessById = new Map<string, Promise<ProjectAccess | null>>();
  const accessTo = (projectId: string) => {
    const known = accessById.get(projectId) ?? projectAccess(access, caller, projectId);
    accessById.set(projectId, known);
    return known;
  };

  async function asset(instance: AssetInstance | undefined): Promise<Found> {
    if (!instance) return null;
    const project = instance.project_id ? await accessTo(instance.project_id) : null;
    if (!assetAdmin && !project?.view) return null;
    return { kind: 'asset', instance, actions: assetActions(instance, { admin: assetAdmin, project, frozen }) };
  }

  async function transfer(row: ScannedTransfer | undefined): Promise<Found> {
    if (!row) return null;
    const sides = await transferSides(access, caller, row.from_id, row.to_id);
    return sides.seesSource || sides.seesDestination ? { kind: 'transfer', ...row } : null;
  }

  async function request(row: ScannedRequest | undefined): Promise<Found> {
    if (!row) return null;
    try {
      await requestAccess(db, access, caller, row.id);
    } catch (error) {
      // Refused or unseen: answered as no match, as the request's own page would not show it either.
      if (error instanceof DomainError) return null;
      throw error;
    }
    return { kind: 'request', id: row.id, num: row.num, project_id: row.project_id, status: row.status };
  }

  async function label(row: ScannedLabel | undefined): Promise<Found> {
    if (!row || !(await accessTo(row.project_id))?.view) return null;
    return { kind: 'label', id: row.id, label_lines: row.label_lines, system: row.system, cluster_pod: row.cluster_pod };
  }

  async function location(warehouseNum: number, scanned: ScanCode & { kind: 'location' }): Promise<Found> {
    if (!seesWarehouses) return null;
    const warehouse = await warehouseByNumber(db, warehouseNum);
    if (!warehouse) return null;
    const wanted = normalizePlace(scanned.place);
    const holdings = await placeHoldings(db, warehouse.id, placeKey(wanted));
    // The place as the warehouse writes it (its case and notes) when it holds anything.
    const place = holdings[0] ? normalizePlace(holdings[0]) : wanted;
    return {
      kind: 'location',
      warehouse_id: warehouse.id,
      warehouse_label: warehouseLabel(warehouse),
      place,
      code: locationCode(warehouse.num_id, place),
      items: holdings.map((h) => ({ material_id: h.material_id, part_number: h.part_number, part_name: h.part_name, qty: h.qty })),
    };
  }

  async function partScope(): Promise<PartScope> {
    const projects = query.project_id && (await accessTo(query.project_id))?.view ? [query.project_id] : [];
    const warehouses = query.warehouse_id && seesWarehouses ? [query.warehouse_id] : [];
    const none = !query.project_id && !query.warehouse_id;
    return { projects, warehouses, elsewhere: none ? { userId: caller.id, warehouses: seesWarehouses } : null };
  }

  async function text(value: string): Promise<Found[]> {
    const [serialIds, type, parts] = await Promise.all([
      instanceIdsBySerial(db, value, SERIAL_MATCHES_MAX),
      assetTypeByNumber(db, value),
      partScope().then((scope) => partStock(db, value, scope)),
    ]);
    const instances = serialIds.length > 0 ? await listInstances(db, { ids: serialIds }) : [];
    const found: Found[] = await Promise.all(instances.map(asset));
    if (type)
      found.push({
        kind: 'asset-type',
        catalog_id: type.id,
        asset_number: type.asset_number,
        asset_name: type.asset_name,
        serial_required: Boolean(type.serial_required),
      });
    for (const row of parts) {
      const project = row.location_kind === 'project' ? await accessTo(row.location_id) : null;
      if (row.location_kind === 'project' && !project?.view) continue;
      found.push({
        kind: 'part',
        material_id: row.material_id,
        part_number: row.part_number,
        part_name: row.part_name,
        at: { type: row.location_kind, id: row.location_id, label: row.location_label },
        on_hand: row.on_hand,
        actions: partActions(row.location_kind, row, { admin: warehouseAdmin, project, frozen }),
      });
    }
    return found;
  }

  async function byKind(scan: ScanCode): Promise<Found[] | string> {
    switch (scan.kind) {
      case 'asset':
        return [await asset(await findInstance(db, scan.instanceId))];
      case 'id': {
        const [instance, transferRow, requestRow, labelRow] = await Promise.all([
          findInstance(db, scan.id),
          scannedTransfer(db, scan.id),
          scannedRequest(db, { id: scan.id }),
          scannedLabel(db, scan.id),
        ]);
        return Promise.all([asset(instance), transfer(transferRow), request(requestRow), label(labelRow)]);
      }
      case 'location':
        return [await location(scan.warehouseNum, scan)];
      case 'transfer':
        return [await transfer(await scannedTransfer(db, scan.id))];
      case 'request':
        return [await request(await scannedRequest(db, { id: scan.id }))];
      case 'request-number':
        if (!query.project_id) return requestNumberNeedsProject(code);
        return [await request(await scannedRequest(db, { projectId: query.project_id, num: scan.num }))];
      case 'label':
        return [await label(await scannedLabel(db, scan.id))];
      case 'text':
        return text(scan.text);
      default: {
        const unknown: never = scan;
        throw new Error(`unknown scan kind ${JSON.stringify(unknown)}`);
      }
    }
  }

  const found = await byKind(parsed.code);
  if (typeof found === 'string') return { code, matches: [], message: found };
  const matches = found.filter((m): m is ScanMatch => m !== null);
  return { code, matches, message: matches.length === 0 ? noMatchMessage(code) : null };
}
