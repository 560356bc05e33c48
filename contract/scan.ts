/**
 * Scan to act: what a scanned code resolves to, with what the caller may do with it, and the
 * batches a run of scans ends in (receive a box of serials, check out or return several assets).
 *
 *   GET  /api/scan/resolve?code=&project_id=&warehouse_id=  → scanAnswer (signed in; only what the
 *        caller may see: a project's parts and assets for its members, warehouses for admins)
 *   POST /api/scan/assets/receive      body scanReceiveBody → scanBatchAnswer (admins into a warehouse;
 *        admins or managers of the project into a project)
 *   POST /api/scan/assets/in-use       body scanInUseBody   → scanBatchAnswer (as one instance's in-use,
 *        for every instance: admins, or managers of the project holding it)
 *   POST /api/transfers/{id}/fulfill   body { lines: [{ part_number, quantity }] } (scanned lines, one command)
 *   POST /api/transfers/{id}/items/receive body { lines: [{ part_number, quantity }] } (likewise)
 *
 * A batch is one command: all lines or none. Each line answers OK or its refusal; when any line is
 * refused the others answer "Not applied: another line was refused." and nothing is recorded.
 */
import { z } from 'zod';
import { assetInstance } from './asset-rows.ts';
import { ASSET_LIMITS } from './assets.ts';
import { id, text } from './fields.ts';
import { MAX_LENGTH } from './limits.ts';
import { placeSchema } from './place.ts';
import { SCAN_CODE_MAX } from './scan-code.ts';

export * from './scan-code.ts';
export * from './scan-paths.ts';

export const SCAN_BATCH_MAX = 500;

export const SCAN_BATCH_MESSAGES = {
  notApplied: 'Not applied: another line was refused.',
  duplicateInBatch: 'Scanned twice in this batch.',
  emptyBatch: 'Scan at least one code.',
  tooMany: `A batch holds at most ${SCAN_BATCH_MAX} lines.`,
} as const;

/** A scanned line's asset number that no live asset type has. */
export const scanAssetTypeNotFound = (assetNumber: string) => `Asset type ${assetNumber} not found`;
/** A scanned serial that instances of several types carry: only the asset's own label tells which. */
export const scanSerialAmbiguous = (serial: string) => `Serial number ${serial} is on assets of more than one type; scan the asset's label.`;

export const resolveQuery = z.object({
  code: text({ label: 'Code', max: SCAN_CODE_MAX, required: 'Scan or type a code.', trim: false }),
  /** The project the page is in: a part number and "R-12" are looked up there first. */
  project_id: id('Project', 'project_id must be a valid project id').optional(),
  /** The warehouse the page is in: a part number is looked up there first. */
  warehouse_id: id('Warehouse', 'warehouse_id must be a valid warehouse id').optional(),
});

/** What the caller may do with a scanned asset in its state; decided on the server. */
export const ASSET_SCAN_ACTIONS = ['mark_in_use', 'return_from_use', 'move_to_warehouse', 'move_to_project', 'lost', 'found'] as const;
export type AssetScanAction = (typeof ASSET_SCAN_ACTIONS)[number];
/** What the caller may do with a scanned part where it is found. */
export const PART_SCAN_ACTIONS = ['receive', 'return', 'assign', 'unassign', 'lost', 'found'] as const;
export type PartScanAction = (typeof PART_SCAN_ACTIONS)[number];

const owner = z.object({ type: z.enum(['warehouse', 'project']), id: z.string(), label: z.string() });

export const scanMatch = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('asset'), instance: assetInstance, actions: z.array(z.enum(ASSET_SCAN_ACTIONS)) }),
  /** An asset number: the type, to receive new instances of or to find its instances. */
  z.object({ kind: z.literal('asset-type'), catalog_id: z.string(), asset_number: z.string(), asset_name: z.string(), serial_required: z.boolean() }),
  z.object({
    kind: z.literal('part'),
    material_id: z.string(),
    part_number: z.string(),
    part_name: z.string(),
    /** Where the part was found: a project's inventory or a warehouse's. */
    at: owner,
    on_hand: z.number(),
    actions: z.array(z.enum(PART_SCAN_ACTIONS)),
  }),
  z.object({
    kind: z.literal('location'),
    warehouse_id: z.string(),
    warehouse_label: z.string(),
    place: placeSchema,
    code: z.string(),
    items: z.array(z.object({ material_id: z.string(), part_number: z.string(), part_name: z.string(), qty: z.number() })),
  }),
  z.object({
    kind: z.literal('transfer'),
    id: z.string(),
    status: z.string(),
    from_id: z.string(),
    from_name: z.string(),
    to_id: z.string(),
    to_name: z.string(),
  }),
  z.object({ kind: z.literal('request'), id: z.string(), num: z.number(), project_id: z.string(), status: z.string() }),
  z.object({ kind: z.literal('label'), id: z.string(), label_lines: z.array(z.string()), system: z.string().nullable(), cluster_pod: z.string().nullable() }),
]);
export type ScanMatch = z.infer<typeof scanMatch>;

export const scanAnswer = z.object({
  code: z.string(),
  matches: z.array(scanMatch),
  /** "No match for …" when nothing the caller may see matched; null otherwise. */
  message: z.string().nullable(),
});
export type ScanAnswer = z.infer<typeof scanAnswer>;

const scannedCode = text({ label: 'Code', max: SCAN_CODE_MAX, required: 'Scan or type a code.' });
const lines = <T extends z.ZodTypeAny>(line: T) => z.array(line).min(1, SCAN_BATCH_MESSAGES.emptyBatch).max(SCAN_BATCH_MAX, SCAN_BATCH_MESSAGES.tooMany);
const notes = text({ label: 'Notes', max: MAX_LENGTH.note }).nullish();

/** A box of scanned serials received as new instances; each line may name its own asset number. */
export const scanReceiveBody = z.object({
  to_owner_type: z.enum(['warehouse', 'project'], { error: 'to_owner_type must be warehouse or project' }),
  to_owner_id: z.uuid({ error: 'to_owner_id must be a valid id' }),
  /** The asset number every line is of, unless the line names its own. */
  asset_number: text({ label: 'Asset number', max: ASSET_LIMITS.assetNumber }).optional(),
  /** Into a project: the warehouse the new instances belong to (as a single receive into a project asks). */
  parent_warehouse_id: z.uuid({ error: 'parent_warehouse_id must be a valid id' }).nullish(),
  lines: lines(
    z.object({
      serial_number: text({ label: 'Serial number', max: ASSET_LIMITS.serialNumber, required: 'Serial number is required.' }),
      asset_number: text({ label: 'Asset number', max: ASSET_LIMITS.assetNumber }).optional(),
    }),
  ),
  condition: text({ label: 'Condition', max: ASSET_LIMITS.condition }).nullish(),
  notes,
});
export type ScanReceiveBody = z.input<typeof scanReceiveBody>;

/** Several scanned assets checked out to one person (in_use true) or returned from use (false). */
export const scanInUseBody = z.object({
  in_use: z.boolean({ error: 'in_use must be true or false' }),
  assigned_user_id: z.uuid({ error: 'Select the person the assets go to.' }).nullish(),
  /** Each line: a scanned code naming one instance (its tracker link, id or serial number). */
  lines: lines(z.object({ code: scannedCode })),
  notes,
});
export type ScanInUseBody = z.input<typeof scanInUseBody>;

export const scanBatchLine = z.object({
  line: z.number(),
  code: z.string(),
  ok: z.boolean(),
  /** 'OK', the refusal, or SCAN_BATCH_MESSAGES.notApplied. */
  status: z.string(),
  instance_id: z.string().nullable(),
});
export type ScanBatchLine = z.infer<typeof scanBatchLine>;
export const scanBatchAnswer = z.object({
  applied: z.boolean(),
  results: z.array(scanBatchLine),
  summary: z.object({ ok: z.number(), failed: z.number(), not_applied: z.number() }),
});
export type ScanBatchAnswer = z.infer<typeof scanBatchAnswer>;

export { SCAN_PATHS } from './scan-paths.ts';
