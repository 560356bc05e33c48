/**
 * Who may print what: the same rules as the screens that list the records. Labels and a template are
 * a project's (its viewers); assets are a project's viewers' when the print names the project that
 * holds them, else the admins' (as Asset Details and the warehouse inventory); parts are those of a
 * project (its viewers), of a warehouse (admins) or of the catalogue (who may read it); warehouse
 * locations are the admins'. Refusals are the screens' own: 401 came first, then 403 or 404.
 */
import type { TemplateLineSpec } from '../../contract/label-format.ts';
import { PRINT_MESSAGES, type PrintBody } from '../../contract/label-print.ts';
import { WAREHOUSE_MESSAGES } from '../../contract/warehouses.ts';
import { DomainError } from '../../ledger/errors.ts';
import { TEMPLATE_NOT_FOUND } from '../../ledger/label-template/decide.ts';
import type { Db } from '../../ledger/database.ts';
import { findTemplate } from '../../projections/label-templates/queries.ts';
import { findWarehouse } from '../../projections/warehouses/queries.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import { allows, demand } from '../auth/policies.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { checkLevel, projectAccess } from '../projects/project-access.ts';
import { assertMayReadCatalogue } from '../users/directory-access.ts';

export interface PrintGrant {
  /** The warehouse a locations or parts source names. */
  warehouse?: { num_id: number; name: string };
  /** The template's lines, when the content is a template. */
  templateLines?: readonly TemplateLineSpec[];
}

interface AccessDeps {
  db: Db;
  access: AccessCache;
}

async function viewProject(deps: AccessDeps, caller: AuthenticatedUser, projectId: string): Promise<void> {
  checkLevel(await projectAccess(deps.access, caller, projectId), 'view');
}

async function warehouseFor(deps: AccessDeps, caller: AuthenticatedUser, warehouseId: string) {
  demand('warehouse.read', caller);
  const warehouse = await findWarehouse(deps.db, warehouseId);
  if (!warehouse) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
  return { num_id: warehouse.num_id, name: warehouse.name };
}

/** Refuses a print the caller may not make (403/404, or 400 for a source that names nothing); else what it may use. */
export async function authorizePrint(deps: AccessDeps, caller: AuthenticatedUser, body: PrintBody): Promise<PrintGrant> {
  const source = body.source;
  const grant: PrintGrant = {};
  switch (source.kind) {
    case 'labels':
      await viewProject(deps, caller, source.project_id);
      if (!source.ids && !source.search) throw new DomainError('VALIDATION', PRINT_MESSAGES.labelsNeedIdsOrSearch, 'source.ids');
      break;
    case 'assets':
      // A project's members print what their project holds; anything anywhere is the admins'.
      if (source.project_id && !allows('asset.admin', caller)) await viewProject(deps, caller, source.project_id);
      else demand('asset.admin', caller);
      break;
    case 'parts':
      if (source.project_id && source.warehouse_id) throw new DomainError('VALIDATION', PRINT_MESSAGES.partsOneOwner, 'source.warehouse_id');
      if (source.project_id) await viewProject(deps, caller, source.project_id);
      else if (source.warehouse_id) grant.warehouse = await warehouseFor(deps, caller, source.warehouse_id);
      else await assertMayReadCatalogue(deps.db, caller);
      break;
    case 'locations':
      grant.warehouse = await warehouseFor(deps, caller, source.warehouse_id);
      break;
  }
  if (body.content.kind === 'template') {
    await viewProject(deps, caller, body.content.project_id);
    const template = await findTemplate(deps.db, body.content.project_id, body.content.template_id);
    if (!template) throw new DomainError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    grant.templateLines = template.template_data.lines;
  }
  return grant;
}
