import { z } from 'zod';
import { LOG_TYPE_NAMES, type LogTypeName } from '../../materials/log-queries.ts';

export const projectId = z.uuid({ error: 'project_id must be a valid project id' });
const partNumber = z.string({ error: 'Enter or select a part before continuing' }).trim().min(1, 'Enter or select a part before continuing').max(100);
/** Quantities arrive from forms as numbers or numeric text; the decide step gives the spec's message. */
const quantity = z.coerce.number({ error: 'Quantity must be greater than zero' });
const userId = z.uuid({ error: 'Select a user' });
const note = z.string().max(1000).nullish();

export const inventoryRow = z.object({
  ProjectID: z.string().nullable(),
  warehouse_id: z.string().nullable(),
  material_id: z.string(),
  PartNumber: z.string(),
  PartName: z.string(),
  StandardName: z.string(),
  part_number: z.string(),
  part_name: z.string(),
  part_nickname: z.string(),
  MatVendorQty: z.number(),
  QtyOnHand: z.number(),
  FieldAssigned: z.number(),
  QtyLost: z.number(),
  LowStockWarning: z.number(),
  CriticalStockWarning: z.number(),
});

export const logRow = z.object({
  id: z.number(),
  position: z.number(),
  ProjectID: z.string().nullable(),
  warehouse_id: z.string().nullable(),
  LogType: z.string(),
  LogDate: z.string(),
  LogName: z.string(),
  LogAmount: z.number(),
  PartNumber: z.string(),
  PartName: z.string(),
  AssociatedName: z.string().nullable(),
  AssociatedEmail: z.string().nullable(),
  location_a: z.string().nullable(),
  location_b: z.string().nullable(),
  LogCategory: z.literal('material'),
  bin_info: z.string().nullable(),
  note: z.string().nullable(),
  source: z.string().nullable(),
  batch_id: z.string().nullable(),
  reverses_batch_id: z.string().nullable(),
  hash: z.string(),
  d_on_hand: z.number(),
  d_field: z.number(),
  d_lost: z.number(),
});

export const inventoryQuery = z.object({
  project_id: projectId,
  as_of: z.iso.datetime({ offset: true, error: 'as_of must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' }).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

const logTypes = z
  .string()
  .default('all')
  .transform((value, ctx) => {
    const wanted = value.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
    if (wanted.length === 0 || wanted.includes('all')) return [...LOG_TYPE_NAMES];
    const types: LogTypeName[] = [];
    for (const w of wanted) {
      const match = LOG_TYPE_NAMES.find((t) => t.toLowerCase() === w);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: `Unknown log type ${w}; use All, Receive, Return, Assign, Unassign, Lost or Found` });
        return z.NEVER;
      }
      types.push(match);
    }
    return types;
  });

export const logsQuery = z
  .object({
    project_id: projectId.optional(),
    warehouse_id: z.uuid({ error: 'warehouse_id must be a valid id' }).optional(),
    type: logTypes,
    days: z.enum(['1', '7', '30', '365', 'all'], { error: 'days must be 1, 7, 30, 365 or all' }).default('all'),
    q: z.string().max(200).default(''),
    page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
    page_size: z.coerce.number().int().min(1, 'must be 1 or more').max(500, 'must be at most 500').default(50),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((v) => Boolean(v.project_id) !== Boolean(v.warehouse_id), { message: 'Send project_id or warehouse_id', path: ['project_id'] });

export const itemQuery = z.object({ project_id: projectId, number: partNumber });
export const maxAssignableQuery = itemQuery.extend({ user: userId.optional() });
export const searchQuery = z.object({ q: z.string().max(200).default('') });
export const optionsQuery = z.object({ project_id: projectId, q: z.string().max(200).default('') });
export const explainQuery = itemQuery.extend({ figure: z.enum(['on_hand', 'field_assigned', 'lost', 'logistics']).default('on_hand') });

export const suggestion = z.object({ material_id: z.string(), part_number: z.string(), part_name: z.string(), part_nickname: z.string(), display: z.string() });

export const receiveBody = z.object({
  project_id: projectId,
  part_number: partNumber,
  quantity,
  part_name: z.string().max(200).nullish(),
  standard_name: z.string().max(200).nullish(),
});
export const returnBody = z.object({ project_id: projectId, part_number: partNumber, quantity, bin_info: z.string().max(200).nullish() });
export const assignBody = z.object({ project_id: projectId, part_number: partNumber, quantity, user_id: userId });
export const lostFoundBody = z.object({
  project_id: projectId,
  part_number: partNumber,
  quantity: z.coerce.number({ error: 'Quantity is required' }),
  source: z.enum(['on_hand', 'field_assigned'], { error: 'source must be on_hand or field_assigned' }).default('on_hand'),
  note,
  associated_user: z.uuid({ error: 'associated_user must be a valid user id' }).nullish(),
});
const threshold = z.union([z.number(), z.string().trim(), z.null()]).optional();
export const stockWarningsBody = z.object({ project_id: projectId, low_threshold: threshold, critical_threshold: threshold });
export const editBody = z.object({
  project_id: projectId,
  part_name: z.string().max(200),
  part_nickname: z.string().max(200).nullish(),
  new_part_number: z.string().max(100).nullish(),
  note,
});

export const stockAnswer = z.object({ reopenedCount: z.number(), item: inventoryRow.nullable() });
