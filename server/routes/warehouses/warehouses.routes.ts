/**
 * Warehouses: the list and one warehouse (global admins and superadmins), the Warehouse Manager's
 * create, edit, deactivate and reactivate (superadmins), a warehouse's material stock by location;
 * and the Material Catalog (global admins and superadmins): search, add, rename or renumber a part,
 * and where it is held.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { catalogPart } from '../../../contract/materials.ts';
import {
  catalogList,
  catalogQuery,
  createPartBody,
  createWarehouseBody,
  editPartBody,
  editWarehouseBody,
  holdings,
  holdingsParams,
  WAREHOUSE_MESSAGES,
  warehouseInventory as warehouseInventoryAnswer,
  warehouseInventoryQuery,
  warehouseList,
  warehouseParams,
  warehouseSchema,
  warehousesQuery,
} from '../../../contract/warehouses.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { findWarehouse, listWarehouses } from '../../../projections/warehouses/queries.ts';
import { holdingsOf, searchCatalogue, warehouseInventory } from '../../../projections/warehouse-stock/queries.ts';
import { definePart } from '../../materials/catalog-commands.ts';
import { editMaterial } from '../../materials/material-commands.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { changeWarehouse, createWarehouse } from '../../warehouses/warehouse-commands.ts';

const tags = ['warehouses'];

/** Global roles that read warehouses and move their stock; the Warehouse Manager is the superadmin's. */
export const WAREHOUSE_ROLES = ['admin', 'superadmin'] as const;

export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reader = { preHandler: app.requireRole(...WAREHOUSE_ROLES) };
  const manager = { preHandler: app.requireRole('superadmin') };

  async function warehouse(id: string) {
    const found = await findWarehouse(app.db, id);
    if (!found) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
    return found;
  }

  r.get(
    '/api/warehouses',
    {
      ...reader,
      schema: { summary: 'Warehouses by number, each labelled "#{num_id} · name" (include_inactive=true lists deactivated ones too); admins and superadmins', tags, querystring: warehousesQuery, response: { 200: warehouseList, ...errors } },
    },
    async (request) => ({ items: await listWarehouses(app.db, { includeInactive: request.query.include_inactive === 'true' }) }),
  );

  r.get(
    '/api/warehouses/:id',
    { ...reader, schema: { summary: 'One warehouse, active or not', tags, params: warehouseParams, response: { 200: warehouseSchema, ...errors } } },
    async (request) => warehouse(request.params.id),
  );

  r.post(
    '/api/warehouses',
    {
      ...manager,
      schema: { summary: 'Create a warehouse (Warehouse Manager, superadmin); its number is the next one, never reused', tags, body: createWarehouseBody, response: { 200: warehouseSchema, ...errors } },
    },
    async (request) => {
      const { name, yard_info } = request.body;
      const id = await createWarehouse(app.store, { name, location: yard_info?.location ?? null, capacitySummary: yard_info?.capacity_summary ?? null }, commandOptions(request));
      return warehouse(id);
    },
  );

  r.patch(
    '/api/warehouses/:id',
    {
      ...manager,
      schema: { summary: 'Rename a warehouse or change its yard details (superadmin); fields not sent are kept', tags, params: warehouseParams, body: editWarehouseBody, response: { 200: warehouseSchema, ...errors } },
    },
    async (request) => {
      const { name, yard_info } = request.body;
      const details = {
        ...(name !== undefined ? { name } : {}),
        ...(yard_info !== undefined ? { location: yard_info?.location ?? null, capacitySummary: yard_info?.capacity_summary ?? null } : {}),
      };
      await warehouse(request.params.id);
      await changeWarehouse(app.store, request.params.id, { type: 'edit', details }, commandOptions(request));
      return warehouse(request.params.id);
    },
  );

  for (const action of ['deactivate', 'reactivate'] as const) {
    r.post(
      `/api/warehouses/:id/${action}`,
      {
        ...manager,
        schema: {
          summary:
            action === 'deactivate'
              ? 'Take a warehouse out of use (superadmin); refused while it holds stock, its history and number kept'
              : 'Put a deactivated warehouse back in use (superadmin)',
          tags,
          params: warehouseParams,
          response: { 200: warehouseSchema, ...errors },
        },
      },
      async (request) => {
        await warehouse(request.params.id);
        await changeWarehouse(app.store, request.params.id, { type: action }, commandOptions(request));
        return warehouse(request.params.id);
      },
    );
  }

  r.get(
    '/api/warehouses/:id/inventory',
    {
      ...reader,
      schema: {
        summary:
          "A warehouse's material stock (mode=materials): each part's on hand by location, what it assigned to projects, thresholds; q searches part number, name and nickname; as_of gives the figures as they stood then (without locations)",
        tags,
        params: warehouseParams,
        querystring: warehouseInventoryQuery,
        response: { 200: warehouseInventoryAnswer, ...errors },
      },
    },
    async (request) => {
      await warehouse(request.params.id);
      const { q, as_of } = request.query;
      const asOf = as_of ? new Date(as_of) : null;
      return { items: await warehouseInventory(app.db, request.params.id, { q, asOf }), as_of: asOf ? asOf.toISOString() : null };
    },
  );

  r.get(
    '/api/catalog/materials',
    { ...reader, schema: { summary: 'The Material Catalog: parts whose number, name or nickname contains q, by part number', tags: ['catalog'], querystring: catalogQuery, response: { 200: catalogList, ...errors } } },
    async (request) => {
      const items = await searchCatalogue(app.db, { q: request.query.q });
      return { items, total: items.length };
    },
  );

  async function catalogPartById(materialId: string) {
    const [part] = await searchCatalogue(app.db, { materialId });
    if (!part) throw new DomainError('NOT_FOUND', 'Material not found');
    return part;
  }

  r.post(
    '/api/catalog/materials',
    { ...reader, schema: { summary: 'Add a part to the catalogue before any stock of it exists (part numbers are unique without case)', tags: ['catalog'], body: createPartBody, response: { 200: catalogPart, ...errors } } },
    async (request) => {
      const { part_number, part_name, part_nickname } = request.body;
      const materialId = await definePart(app.store, { partNumber: part_number, partName: part_name, partNickname: part_nickname ?? '' }, commandOptions(request));
      return catalogPartById(materialId);
    },
  );

  r.put(
    '/api/catalog/materials/:material_id',
    {
      ...reader,
      schema: { summary: 'Rename a part, or renumber it with new_part_number; every project and warehouse shows the change', tags: ['catalog'], params: holdingsParams, body: editPartBody, response: { 200: catalogPart, ...errors } },
    },
    async (request) => {
      const { material_id } = request.params;
      await catalogPartById(material_id);
      const { part_name, part_nickname, new_part_number, note } = request.body;
      await editMaterial(app.store, { materialId: material_id, partName: part_name, partNickname: part_nickname ?? '', newPartNumber: new_part_number ?? null, note: note ?? null }, commandOptions(request));
      return catalogPartById(material_id);
    },
  );

  r.get(
    '/api/catalog/materials/:material_id/holdings',
    {
      ...reader,
      schema: { summary: 'Where a catalogue part is held: every project and warehouse with its quantities (warehouses with their locations)', tags, params: holdingsParams, response: { 200: holdings, ...errors } },
    },
    async (request) => {
      const { material_id } = request.params;
      const found = await holdingsOf(app.db, material_id);
      if (!found) throw new DomainError('NOT_FOUND', 'Material not found');
      return found;
    },
  );
}
