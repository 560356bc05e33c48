/**
 * Asset moves (spec 01 §5, §7; 02 §3, §5): receive (a new instance, new bulk units, or an existing
 * instance brought in), assign from a warehouse to a project, return to a warehouse, a move from
 * anywhere to anywhere (admins), in use and available, lost and found. Each builds one command
 * and answers the instance afterwards and the moved type's rows on both sides.
 */
import { QUANTITY_REQUIRED, SELECT_PROJECT } from '../../../contract/messages.ts';
import { ASSET_MESSAGES } from '../../../contract/messages/assets.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSET_MESSAGES as M,
  assetMoveAnswer,
  inUseBody,
  instanceParams,
  lostFoundBody,
  ownerParams,
  receiveBody,
  transferBody,
} from '../../../contract/assets.ts';
import { errorResponses as errors } from '../../../contract/errors.ts';
import type { Owner } from '../../../ledger/asset/events.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { assetInventory, findInstance, listCatalog, resolveItem } from '../../../projections/assets/queries.ts';
import { runBulk } from '../../assets/bulk-commands.ts';
import { runInstance } from '../../assets/instance-commands.ts';
import { allows, demand, NO_PERMISSION } from '../../auth/policies.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { checkLevel, projectAccess, type AccessLevel } from '../../projects/project-access.ts';

const tags = ['assets'];
type From = Owner | { type: Owner['type']; id: null } | null;
const notHere = (from: From) => (from?.type === 'warehouse' ? M.notInWarehouse : from?.type === 'project' ? M.notInProject : M.instanceNotFound);

export async function assetMoveRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'asset.admin' } } as const;
  const manageProject = { config: { projectAccess: { level: 'manage' as const, from: 'params' as const } } };

  /** Admins pass; anyone else needs the level in the project. */
  async function requireProjectOrAdmin(request: FastifyRequest, projectId: string | null, level: AccessLevel) {
    const user = request.caller;
    if (allows('asset.admin', user)) return;
    if (!projectId) throw new DomainError('FORBIDDEN', NO_PERMISSION);
    checkLevel(await projectAccess(app.access, user, projectId), level);
  }

  async function answer(instanceId: string | null, catalogId: string, owners: Owner[]) {
    const instance = instanceId ? ((await findInstance(app.db, instanceId)) ?? null) : null;
    const rows = [];
    for (const owner of owners)
      rows.push(...(await assetInventory(app.db, owner)).filter((row) => row.catalog_id === catalogId && (!instanceId || row.instance_id === instanceId)));
    return { instance, rows };
  }

  /** Moves an item (an instance id, or an asset number looked up where it starts) to `to`. */
  async function move(
    request: FastifyRequest,
    item: { itemId: string | undefined; quantity: number | undefined; from: From; to: Owner; notes: string | null | undefined },
  ) {
    if (!item.itemId) throw new DomainError('VALIDATION', M.missingInstance, 'instance_id');
    const at = item.from?.id ? (item.from as Owner) : null;
    const resolved = await resolveItem(app.db, item.itemId, at);
    if (!resolved) throw new DomainError('NOT_FOUND', notHere(item.from));
    const notes = item.notes ?? null;
    if (resolved.kind === 'instance') {
      await runInstance(app.store, resolved.instanceId, { type: 'move', from: item.from, to: item.to, notes }, commandOptions(request));
      const instance = await findInstance(app.db, resolved.instanceId);
      return answer(resolved.instanceId, instance!.catalog_id, [item.to]);
    }
    if (!item.quantity) throw new DomainError('VALIDATION', M.bulkNeedsQuantity);
    if (!at) throw new DomainError('VALIDATION', 'Select the project the units come from');
    await runBulk(app.store, { type: 'move', catalogId: resolved.catalogId, from: at, to: item.to, quantity: item.quantity, notes }, commandOptions(request));
    return answer(null, resolved.catalogId, [at, item.to]);
  }

  /** A new instance, new bulk units, or an existing instance brought to `to` from `from`. */
  async function receive(request: FastifyRequest, body: typeof receiveBody._output, to: Owner, from: From) {
    if (body.instance_id) return move(request, { itemId: body.instance_id, quantity: body.quantity, from, to, notes: body.notes });
    if (!body.catalog_id) throw new DomainError('VALIDATION', ASSET_MESSAGES.definitionRequired, 'catalog_id');
    const type = (await listCatalog(app.db, { id: body.catalog_id }))[0];
    if (!type) throw new DomainError('NOT_FOUND', M.catalogNotFound);
    const notes = body.notes ?? null;
    if (type.category_kind === 'bulk') {
      if (!body.quantity) throw new DomainError('VALIDATION', M.bulkNeedsQuantity);
      await runBulk(app.store, { type: 'receive', catalogId: type.id, at: to, quantity: body.quantity, notes }, commandOptions(request));
      return answer(null, type.id, [to]);
    }
    const metadata = Object.fromEntries(Object.entries(body.metadata ?? {}).filter(([, v]) => v !== undefined)) as Record<
      string,
      string | number | boolean | null
    >;
    const request_ = {
      type: 'receive-new' as const,
      catalogId: type.id,
      serialNumber: body.serial_number ?? null,
      assetName: body.asset_name ?? null,
      condition: body.condition ?? null,
      notes,
      to,
      parentWarehouseId: body.parent_warehouse_id ?? null,
      metadata,
    };
    const instanceId = await runInstance(app.store, null, request_, commandOptions(request));
    return answer(instanceId, type.id, [to]);
  }

  const schema = <B>(summary: string, body: B) => ({ summary, tags, params: ownerParams, body, response: { 200: assetMoveAnswer, ...errors } });

  r.post(
    '/api/warehouses/:id/assets/receive',
    {
      ...admin,
      schema: schema(
        'Receive into a warehouse: a new instance (catalog_id, serial_number…), new bulk units (catalog_id, quantity), or an existing instance from wherever it is (instance_id)',
        receiveBody,
      ),
    },
    async (request) => receive(request, request.body, { type: 'warehouse', id: request.params.id }, null),
  );

  r.post(
    '/api/warehouses/:id/assets/assign',
    { ...admin, schema: schema('Assign an instance (or bulk units: asset number and quantity) from this warehouse to project to_owner_id', transferBody) },
    async (request) => {
      const { instance_id, to_owner_id, quantity, notes } = request.body;
      if (!to_owner_id) throw new DomainError('VALIDATION', SELECT_PROJECT, 'to_owner_id');
      return move(request, {
        itemId: instance_id,
        quantity,
        from: { type: 'warehouse', id: request.params.id },
        to: { type: request.body.to_owner_type ?? 'project', id: to_owner_id },
        notes,
      });
    },
  );

  r.post(
    '/api/warehouses/:id/assets/return',
    { ...admin, schema: schema('Return an instance held by a project (or bulk units from project_id) into this warehouse', transferBody) },
    async (request) => {
      const { instance_id, project_id, quantity, notes } = request.body;
      const from: From = project_id ? { type: 'project', id: project_id } : { type: 'project', id: null };
      return move(request, { itemId: instance_id, quantity, from, to: { type: 'warehouse', id: request.params.id }, notes });
    },
  );

  r.post(
    '/api/projects/:id/assets/receive',
    {
      ...manageProject,
      schema: schema(
        'Receive into a project (its managers): a new instance (parent_warehouse_id required), new bulk units, or an instance from a warehouse (instance_id)',
        receiveBody,
      ),
    },
    async (request) => receive(request, request.body, { type: 'project', id: request.params.id }, { type: 'warehouse', id: null }),
  );

  r.post(
    '/api/projects/:id/assets/return',
    {
      ...manageProject,
      schema: schema("Return an instance (or bulk units) from this project to warehouse to_owner_id (default: the instance's parent warehouse)", transferBody),
    },
    async (request) => {
      const { instance_id, quantity, notes } = request.body;
      let warehouseId = request.body.to_owner_id;
      if (!warehouseId && instance_id) {
        const resolved = await resolveItem(app.db, instance_id, { type: 'project', id: request.params.id });
        if (resolved?.kind === 'instance') warehouseId = (await findInstance(app.db, resolved.instanceId))?.parent_warehouse_id ?? undefined;
      }
      if (!warehouseId) throw new DomainError('VALIDATION', M.parentWarehouseRequired, 'to_owner_id');
      return move(request, {
        itemId: instance_id,
        quantity,
        from: { type: 'project', id: request.params.id },
        to: { type: 'warehouse', id: warehouseId },
        notes,
      });
    },
  );

  r.post(
    '/api/assets/instances/assign',
    {
      ...admin,
      schema: {
        summary: 'Move an instance from wherever it is to to_owner_type / to_owner_id (admins)',
        tags,
        body: transferBody,
        response: { 200: assetMoveAnswer, ...errors },
      },
    },
    async (request) => {
      const { instance_id, to_owner_type, to_owner_id, notes } = request.body;
      if (!instance_id) throw new DomainError('VALIDATION', M.missingInstance, 'instance_id');
      if (!to_owner_type || !to_owner_id)
        throw new DomainError('VALIDATION', 'Choose where the asset goes (to_owner_type and to_owner_id)', to_owner_type ? 'to_owner_id' : 'to_owner_type');
      return move(request, { itemId: instance_id, quantity: undefined, from: null, to: { type: to_owner_type, id: to_owner_id }, notes });
    },
  );

  r.post(
    '/api/assets/instances/:id/in-use',
    {
      schema: {
        summary:
          'Mark an instance in use for a project member (in_use true, assigned_user_id) or available again (in_use false; only In-Use instances); managers of the holding project, admins',
        tags,
        params: instanceParams,
        body: inUseBody,
        response: { 200: assetMoveAnswer, ...errors },
      },
    },
    async (request) => {
      const { in_use, assigned_user_id, notes } = request.body;
      const found = await findInstance(app.db, request.params.id);
      if (!found) throw new DomainError('NOT_FOUND', in_use ? M.missingInstanceOrUser : M.missingInstance);
      await requireProjectOrAdmin(request, found.project_id, 'manage');
      if (in_use && !assigned_user_id) throw new DomainError('VALIDATION', M.missingInstanceOrUser, 'assigned_user_id');
      await runInstance(
        app.store,
        found.id,
        { type: 'in-use', inUse: in_use, userId: assigned_user_id ?? null, notes: notes ?? null },
        commandOptions(request),
      );
      return answer(found.id, found.catalog_id, [{ type: found.owner_type, id: found.owner_id }]);
    },
  );

  for (const action of ['lost', 'found'] as const) {
    r.post(
      `/api/assets/${action}`,
      {
        schema: {
          summary:
            action === 'lost'
              ? 'Mark an instance (instance_id) or bulk units (asset_number, quantity) lost in a project (its admins and managers) or a warehouse (admins)'
              : 'Mark a lost instance or lost bulk units found, back where they were lost',
          tags,
          body: lostFoundBody,
          response: { 200: assetMoveAnswer, ...errors },
        },
      },
      async (request) => {
        const b = request.body;
        const at: Owner = b.project_id ? { type: 'project', id: b.project_id } : { type: 'warehouse', id: b.warehouse_id! };
        // In a project, as the materials' lost and found: its admins and managers, or a superadmin.
        if (at.type === 'project') checkLevel(await projectAccess(app.access, request.caller, at.id), 'curate');
        else demand('asset.admin', request.caller);
        // An instance is named by its id; an asset number names bulk units (or, for lost, the first available instance there).
        const resolved = b.instance_id ? await resolveItem(app.db, b.instance_id, null) : await resolveItem(app.db, b.asset_number!, at);
        if (!resolved) throw new DomainError('NOT_FOUND', notHere(at));
        const notes = b.note ?? null;
        if (resolved.kind === 'instance') {
          await runInstance(app.store, resolved.instanceId, { type: action, at, notes }, commandOptions(request));
          const instance = await findInstance(app.db, resolved.instanceId);
          return answer(resolved.instanceId, instance!.catalog_id, [at]);
        }
        if (!b.quantity) throw new DomainError('VALIDATION', QUANTITY_REQUIRED);
        await runBulk(app.store, { type: action, catalogId: resolved.catalogId, at, quantity: b.quantity, notes }, commandOptions(request));
        return answer(null, resolved.catalogId, [at]);
      },
    );
  }
}
