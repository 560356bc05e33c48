/**
 * Asset Catalog Management (spec 02 §2.7): categories and catalogue items. Anyone signed in reads
 * them (the dashboard's receive wizard picks from them); global admins and superadmins change them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSET_MESSAGES,
  assetCatalogItem,
  assetCategory,
  assetNumbers,
  catalogBody,
  catalogItemList,
  catalogListQuery,
  catalogParams,
  categoryBody,
  categoryList,
  categoryParams,
  deletedAnswer,
} from '../../../contract/assets.ts';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { listCatalog, listCategories, listInstances } from '../../../projections/assets/queries.ts';
import { changeAssetCatalogItem, changeAssetCategory, createAssetCatalogItem, createAssetCategory } from '../../assets/catalog-commands.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { allows } from '../../auth/policies.ts';
import { projectAccess } from '../../projects/project-access.ts';
import type { AssetInstance, AssetNumberItem } from '../../../contract/asset-rows.ts';

const tags = ['assets'];

/** An instance with nothing that says where it is or who uses it. */
const withoutPlace = (instance: AssetInstance): AssetNumberItem => ({
  ...instance,
  owner_id: null,
  owner_label: null,
  warehouse_id: null,
  project_id: null,
  origin_warehouse_id: null,
  parent_warehouse_id: null,
  assigned_user_id: null,
  assigned_user_name: null,
  notes: null,
});

export async function assetCatalogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'asset.admin' } } as const;

  async function category(id: string) {
    const found = (await listCategories(app.db, id))[0];
    if (!found) throw new DomainError('NOT_FOUND', ASSET_MESSAGES.categoryNotFound);
    return found;
  }
  async function item(id: string) {
    const found = (await listCatalog(app.db, { id }))[0];
    if (!found) throw new DomainError('NOT_FOUND', ASSET_MESSAGES.catalogNotFound);
    return found;
  }

  r.get(
    '/api/assets/categories',
    {
      schema: { summary: 'Asset categories (serialized or bulk) with how many catalog items each has', tags, response: { 200: categoryList, ...errors } },
    },
    async () => ({
      items: await listCategories(app.db),
    }),
  );

  r.post(
    '/api/assets/categories',
    {
      ...admin,
      schema: {
        summary: 'Create an asset category (admins); kind serialized (default) or bulk',
        tags,
        body: categoryBody,
        response: { 200: assetCategory, ...errors },
      },
    },
    async (request) => category(await createAssetCategory(app.store, { name: request.body.category, kind: request.body.kind }, commandOptions(request))),
  );

  r.put(
    '/api/assets/categories/:id',
    {
      ...admin,
      schema: {
        summary: 'Rename a category or change its kind (admins; the kind is kept while items use it)',
        tags,
        params: categoryParams,
        body: categoryBody,
        response: { 200: assetCategory, ...errors },
      },
    },
    async (request) => {
      await changeAssetCategory(app.store, request.params.id, { type: 'edit', name: request.body.category, kind: request.body.kind }, commandOptions(request));
      return category(request.params.id);
    },
  );

  r.delete(
    '/api/assets/categories/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete an unused category (admins); refused, naming them, while catalog items use it',
        tags,
        params: categoryParams,
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => {
      await changeAssetCategory(app.store, request.params.id, { type: 'delete' }, commandOptions(request));
      return { deleted: true as const };
    },
  );

  r.get(
    '/api/assets/catalog',
    {
      schema: {
        summary: 'Asset types by number (q: number, name, nickname or catalog name contains; category: its id)',
        tags,
        querystring: catalogListQuery,
        response: { 200: catalogItemList, ...errors },
      },
    },
    async (request) => ({ items: await listCatalog(app.db, request.query) }),
  );

  r.post(
    '/api/assets/catalog',
    {
      ...admin,
      schema: {
        summary: 'Add an asset type (admins); serial_required defaults to true in a serialized category and is always false in a bulk one',
        tags,
        body: catalogBody,
        response: { 200: assetCatalogItem, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const details = {
        assetNumber: b.asset_number,
        assetName: b.asset_name,
        assetNickname: b.asset_nickname,
        catalogName: b.catalog_name,
        categoryId: b.category,
        serialRequired: b.serial_required,
      };
      return item(await createAssetCatalogItem(app.store, details, commandOptions(request)));
    },
  );

  r.put(
    '/api/assets/catalog/:id',
    {
      ...admin,
      schema: { summary: 'Edit an asset type (admins)', tags, params: catalogParams, body: catalogBody, response: { 200: assetCatalogItem, ...errors } },
    },
    async (request) => {
      const b = request.body;
      const details = {
        assetNumber: b.asset_number,
        assetName: b.asset_name,
        assetNickname: b.asset_nickname,
        catalogName: b.catalog_name,
        categoryId: b.category,
        serialRequired: b.serial_required,
      };
      await changeAssetCatalogItem(app.store, request.params.id, { type: 'edit', ...details }, commandOptions(request));
      return item(request.params.id);
    },
  );

  r.delete(
    '/api/assets/catalog/:id',
    {
      ...admin,
      schema: {
        summary: 'Delete an unused asset type (admins); refused while instances or bulk units use it',
        tags,
        params: catalogParams,
        response: { 200: deletedAnswer, ...errors },
      },
    },
    async (request) => {
      await changeAssetCatalogItem(app.store, request.params.id, { type: 'delete' }, commandOptions(request));
      return { deleted: true as const };
    },
  );

  r.get(
    '/api/assets/catalog/:id/asset-numbers',
    {
      schema: {
        summary:
          "An asset type's instances (serial numbers and where each is), for pickers; where an instance is only for those who may see the place (the project's members, admins for warehouses)",
        tags,
        params: catalogParams,
        response: { 200: assetNumbers, ...errors },
      },
    },
    async (request) => {
      const type = await item(request.params.id);
      const user = request.caller;
      const warehouses = allows('asset.admin', user);
      const visible = new Map<string, boolean>();
      const items = [];
      for (const instance of await listInstances(app.db, { catalogId: type.id })) {
        const projectId = instance.project_id;
        if (projectId && !visible.has(projectId)) visible.set(projectId, Boolean((await projectAccess(app.access, user, projectId))?.view));
        const seesPlace = projectId ? visible.get(projectId)! : warehouses;
        items.push(seesPlace ? instance : withoutPlace(instance));
      }
      return { catalog_id: type.id, asset_number: type.asset_number, items };
    },
  );
}
