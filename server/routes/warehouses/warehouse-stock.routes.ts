/**
 * Warehouse stock movements (global admins and superadmins): receive, return, relocate, assign to a
 * project, unassign from a project, lost and found. Each builds one command and answers the
 * warehouse's row for the part afterwards (and the project's, on a move to or from one).
 */
import { projectLocation } from '../../../ledger/stock-item/events.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import {
  assignToProjectBody,
  relocateBody,
  unassignFromProjectBody,
  WAREHOUSE_MESSAGES,
  warehouseFoundBody,
  warehouseLostBody,
  warehouseMoveAnswer,
  warehouseParams,
  warehouseReceiveBody,
  warehouseReturnBody,
} from '../../../contract/warehouses.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { inventory } from '../../../projections/material-stock/queries.ts';
import { warehouseStockItem } from '../../../projections/warehouse-stock/queries.ts';
import { findWarehouse } from '../../../projections/warehouses/queries.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { runWarehouseStock, type WarehouseStockRequest } from '../../warehouses/warehouse-stock-commands.ts';

const tags = ['warehouses'];

export async function warehouseStockRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mover = { config: { access: 'warehouse.move' } } as const;

  /** Runs the command and reads both sides back as they now stand. */
  async function move(request: Parameters<typeof commandOptions>[0], command: WarehouseStockRequest) {
    if (!(await findWarehouse(app.db, command.warehouseId))) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
    const { result } = await runWarehouseStock(app.store, command, commandOptions(request));
    const projectId = 'projectId' in command ? command.projectId : null;
    const projectItem = projectId ? ((await inventory(app.db, projectLocation(projectId))).find((row) => row.material_id === result.materialId) ?? null) : null;
    return { item: await warehouseStockItem(app.db, command.warehouseId, result.materialId), project_item: projectItem };
  }

  const schema = <B>(summary: string, body: B) => ({ summary, tags, params: warehouseParams, body, response: { 200: warehouseMoveAnswer, ...errors } });

  r.post(
    '/api/warehouses/:id/materials/receive',
    {
      ...mover,
      schema: schema(
        'Receive material into a warehouse at a location; a new part number is added to the catalogue (part_name and part_nickname then)',
        warehouseReceiveBody,
      ),
    },
    async (request) => {
      const { part_number, quantity, part_name, part_nickname, location, note } = request.body;
      return move(request, {
        type: 'receive',
        warehouseId: request.params.id,
        partNumber: part_number,
        quantity,
        partName: part_name,
        partNickname: part_nickname,
        place: location,
        note,
      });
    },
  );

  r.post(
    '/api/warehouses/:id/materials/return',
    { ...mover, schema: schema('Return material from a warehouse location to the vendor (needs that location to hold it)', warehouseReturnBody) },
    async (request) => {
      const { part_number, quantity, from_location, note } = request.body;
      return move(request, { type: 'return', warehouseId: request.params.id, partNumber: part_number, quantity, from: from_location, note });
    },
  );

  r.post(
    '/api/warehouses/:id/materials/relocate',
    { ...mover, schema: schema('Move a quantity from one location of the warehouse to another (no more than the source location holds)', relocateBody) },
    async (request) => {
      const { part_number, quantity, from_location, to_location, note } = request.body;
      return move(request, { type: 'relocate', warehouseId: request.params.id, partNumber: part_number, quantity, from: from_location, to: to_location, note });
    },
  );

  r.post(
    '/api/warehouses/:id/materials/assign',
    {
      ...mover,
      schema: schema(
        "Assign material from a warehouse location to a project: it leaves the warehouse and enters the project's on hand, both in one transaction",
        assignToProjectBody,
      ),
    },
    async (request) => {
      const { part_number, quantity, from_location, project_id, note } = request.body;
      return move(request, {
        type: 'assign',
        warehouseId: request.params.id,
        partNumber: part_number,
        quantity,
        from: from_location,
        projectId: project_id,
        note,
      });
    },
  );

  r.post(
    '/api/warehouses/:id/materials/unassign',
    {
      ...mover,
      schema: schema(
        "Take material back from a project's on hand into a warehouse location (needs the project's on-hand cover), in one transaction",
        unassignFromProjectBody,
      ),
    },
    async (request) => {
      const { part_number, quantity, to_location, project_id, note } = request.body;
      return move(request, {
        type: 'unassign',
        warehouseId: request.params.id,
        partNumber: part_number,
        quantity,
        to: to_location,
        projectId: project_id,
        note,
      });
    },
  );

  r.post(
    '/api/warehouses/:id/materials/lost',
    { ...mover, schema: schema('Mark material lost at a warehouse location', warehouseLostBody) },
    async (request) => {
      const { part_number, quantity, from_location, note } = request.body;
      return move(request, { type: 'lost', warehouseId: request.params.id, partNumber: part_number, quantity, from: from_location, note });
    },
  );

  r.post(
    '/api/warehouses/:id/materials/found',
    { ...mover, schema: schema('Mark lost material found, back on hand at a warehouse location (no more than is outstanding lost)', warehouseFoundBody) },
    async (request) => {
      const { part_number, quantity, to_location, note } = request.body;
      return move(request, { type: 'found', warehouseId: request.params.id, partNumber: part_number, quantity, to: to_location, note });
    },
  );
}
