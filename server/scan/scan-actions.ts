/**
 * What the caller may do with a scanned asset or part, by the rules the action routes enforce, so
 * the card offers only what would be accepted:
 * - an asset (server/routes/assets/asset-moves.routes.ts): in use and available again need an admin
 *   or the holding project's 'manage'; lost and found need 'curate' in a project, an admin in a
 *   warehouse; a move to a warehouse is an admin's, or the holding project's managers' (its return);
 *   a move to a project is an admin's (a project's managers take in only what they can already see
 *   in a warehouse, and they see no warehouse). The state narrows it as the decider does: only a
 *   project's available instance goes in use, only an in-use one comes back, a lost one is only found,
 *   neither a lost nor an in-use one moves.
 * - a part in a project (server/routes/materials/stock.routes.ts): receive, return, assign and
 *   unassign need 'manage'; lost and found need 'curate'. In a warehouse
 *   (server/routes/warehouses/warehouse-stock.routes.ts) every move is an admin's. The figures narrow
 *   it: nothing on hand is neither returned, assigned nor lost, nothing lost is not found.
 */
import type { AssetInstance } from '../../contract/assets.ts';
import type { AssetScanAction, PartScanAction } from '../../contract/scan.ts';
import type { ProjectAccess } from '../projects/project-access.ts';

export interface CallerRights {
  /** The global role's asset.admin (admins and superadmins): warehouses and every move. */
  admin: boolean;
  /** The caller's access to the project concerned; null outside a project. */
  project: ProjectAccess | null;
  /** The site's freeze: stock stands still, so only lost and found are taken (as the deciders rule). */
  frozen: boolean;
}

const LOST_FOUND = new Set(['lost', 'found']);
const whileFrozen = <A extends string>(actions: A[], frozen: boolean): A[] => (frozen ? actions.filter((a) => LOST_FOUND.has(a)) : actions);

export function assetActions(instance: Pick<AssetInstance, 'owner_type' | 'in_use' | 'lost'>, rights: CallerRights): AssetScanAction[] {
  const inProject = instance.owner_type === 'project';
  const manage = rights.admin || (inProject && Boolean(rights.project?.manage));
  const curate = inProject ? Boolean(rights.project?.curate) : rights.admin;
  if (instance.lost) return curate ? ['found'] : [];
  const actions: AssetScanAction[] = [];
  if (instance.in_use) {
    if (manage) actions.push('return_from_use');
  } else {
    if (inProject && manage) actions.push('mark_in_use');
    if (manage) actions.push('move_to_warehouse');
    if (rights.admin) actions.push('move_to_project');
  }
  if (curate) actions.push('lost');
  return whileFrozen(actions, rights.frozen);
}

export interface PartFigures {
  on_hand: number;
  field_assigned: number;
  lost_outstanding: number;
}

export function partActions(at: 'project' | 'warehouse', figures: PartFigures, rights: CallerRights): PartScanAction[] {
  const manage = at === 'warehouse' ? rights.admin : Boolean(rights.project?.manage);
  const curate = at === 'warehouse' ? rights.admin : Boolean(rights.project?.curate);
  const onHand = figures.on_hand > 0;
  const actions: PartScanAction[] = [];
  if (manage) {
    actions.push('receive');
    if (onHand) actions.push('return', 'assign');
    // A warehouse takes back what a project holds, which the warehouse's own figures do not show.
    if (at === 'warehouse' || figures.field_assigned > 0) actions.push('unassign');
  }
  if (curate) {
    if (onHand || (at === 'project' && figures.field_assigned > 0)) actions.push('lost');
    if (figures.lost_outstanding > 0) actions.push('found');
  }
  return whileFrozen(actions, rights.frozen);
}
