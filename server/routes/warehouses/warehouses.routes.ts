/**
 * Warehouses: the list and one warehouse (global admins and superadmins), the Warehouse Manager's
 * create, edit, deactivate and reactivate (superadmins), and a warehouse's material stock by location.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import {
  createWarehouseBody,
  editWarehouseBody,
  WAREHOUSE_MESSAGES,
  warehouseInventory as warehouseInventoryAnswer,
  warehouseInventoryQuery,
  warehouseList,
  warehouseParams,
  warehouseSchema,
  warehousesQuery,
} from '../../../contract/warehouses.ts';
import { z } from 'zod';
import { assetInventory as assetInventoryAnswer } from '../../../contract/assets.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { assetInventoryAsOf } from '../../../projections/asset-transactions/as-of.ts';
import { assetInventory } from '../../../projections/assets/queries.ts';
import { matching } from '../assets/asset-reads.routes.ts';
import { findWarehouse, listWarehouses } from '../../../projections/warehouses/queries.ts';
import { warehouseInventory } from '../../../projections/warehouse-stock/queries.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { changeWarehouse, createWarehouse } from '../../warehouses/warehouse-commands.ts';

const tags = ['warehouses'];

export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reader = { config: { access: 'warehouse.read' } } as const;
  const manager = { config: { access: 'warehouse.manage' } } as const;

  async function warehouse(id: string) {
    const found = await findWarehouse(app.db, id);
    if (!found) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
    return found;
  }

  r.get(
    '/api/warehouses',
    {
      ...reader,
      schema: {
        summary: 'Warehouses by number, each labelled "#{num_id} · name" (include_inactive=true lists deactivated ones too); admins and superadmins',
        tags,
        querystring: warehousesQuery,
        response: { 200: warehouseList, ...errors },
      },
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
      schema: {
        summary: 'Create a warehouse (Warehouse Manager, superadmin); its number is the next one, never reused',
        tags,
        body: createWarehouseBody,
        response: { 200: warehouseSchema, ...errors },
      },
    },
    async (request) => {
      const { name, yard_info } = request.body;
      const id = await createWarehouse(
        app.store,
        { name, location: yard_info?.location ?? null, capacitySummary: yard_info?.capacity_summary ?? null },
        commandOptions(request),
      );
      return warehouse(id);
    },
  );

  r.patch(
    '/api/warehouses/:id',
    {
      ...manager,
      schema: {
        summary: 'Rename a warehouse or change its yard details (superadmin); fields not sent are kept',
        tags,
        params: warehouseParams,
        body: editWarehouseBody,
        response: { 200: warehouseSchema, ...errors },
      },
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
          "A warehouse's stock: with mode=assets its Asset rows (contract/assets.ts); with mode=materials each part's on hand by location, what it assigned to projects, thresholds; q searches part number, name and nickname; as_of gives the figures as they stood then (without locations), as_known_on (materials) as the ledger knew them on that day",
        tags,
        params: warehouseParams,
        querystring: warehouseInventoryQuery,
        response: { 200: z.union([warehouseInventoryAnswer, assetInventoryAnswer]), ...errors },
      },
    },
    async (request, reply) => {
      await warehouse(request.params.id);
      const { q, as_of, as_known_on, mode } = request.query;
      if (mode === 'assets') {
        const owner = { type: 'warehouse' as const, id: request.params.id };
        const items = as_of ? matching(await assetInventoryAsOf(app.db, owner, new Date(as_of)), q) : await assetInventory(app.db, owner, q);
        const answer = assetInventoryAnswer.parse({ items, as_of: as_of ? new Date(as_of).toISOString() : null });
        // The response schema's union is for the documentation; the shape is known here, so it is written directly.
        return reply.serializer(JSON.stringify).send(answer);
      }
      const asOf = as_of ? new Date(as_of) : null;
      const knownOn = as_known_on ? new Date(as_known_on) : null;
      return { items: await warehouseInventory(app.db, request.params.id, { q, asOf, knownOn }), as_of: asOf ? asOf.toISOString() : null };
    },
  );
}
