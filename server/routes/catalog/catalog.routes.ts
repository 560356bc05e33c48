/**
 * The Material Catalog (global admins and superadmins, as the warehouses): the shared catalogue
 * searched, a part added before any stock of it exists, renamed or renumbered, and where it is held.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { catalogPart } from '../../../contract/materials.ts';
import { catalogList, catalogQuery, createPartBody, editPartBody, holdings, holdingsParams } from '../../../contract/warehouses.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { holdingsOf, searchCatalogue } from '../../../projections/warehouse-stock/queries.ts';
import { definePart } from '../../materials/catalog-commands.ts';
import { editMaterial } from '../../materials/material-commands.ts';
import { commandOptions } from '../../plugins/command-context.ts';

const tags = ['catalog'];

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { config: { access: 'catalog.use' } } as const;

  r.get(
    '/api/catalog/materials',
    {
      ...user,
      schema: {
        summary: 'The Material Catalog: parts whose number, name or nickname contains q, by part number',
        tags,
        querystring: catalogQuery,
        response: { 200: catalogList, ...errors },
      },
    },
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
    {
      ...user,
      schema: {
        summary: 'Add a part to the catalogue before any stock of it exists (part numbers are unique without case)',
        tags,
        body: createPartBody,
        response: { 200: catalogPart, ...errors },
      },
    },
    async (request) => {
      const { part_number, part_name, part_nickname } = request.body;
      const materialId = await definePart(
        app.store,
        { partNumber: part_number, partName: part_name, partNickname: part_nickname ?? '' },
        commandOptions(request),
      );
      return catalogPartById(materialId);
    },
  );

  r.put(
    '/api/catalog/materials/:material_id',
    {
      ...user,
      schema: {
        summary: 'Rename a part, or renumber it with new_part_number; every project and warehouse shows the change',
        tags,
        params: holdingsParams,
        body: editPartBody,
        response: { 200: catalogPart, ...errors },
      },
    },
    async (request) => {
      const { material_id } = request.params;
      await catalogPartById(material_id);
      const { part_name, part_nickname, new_part_number, note } = request.body;
      await editMaterial(
        app.store,
        { materialId: material_id, partName: part_name, partNickname: part_nickname ?? '', newPartNumber: new_part_number ?? null, note: note ?? null },
        commandOptions(request),
      );
      return catalogPartById(material_id);
    },
  );

  r.get(
    '/api/catalog/materials/:material_id/holdings',
    {
      ...user,
      schema: {
        summary: 'Where a catalogue part is held: every project and warehouse with its quantities (warehouses with their locations)',
        tags,
        params: holdingsParams,
        response: { 200: holdings, ...errors },
      },
    },
    async (request) => {
      const { material_id } = request.params;
      const found = await holdingsOf(app.db, material_id);
      if (!found) throw new DomainError('NOT_FOUND', 'Material not found');
      return found;
    },
  );
}
