/** Every projector, and the hook that runs them inline in each append's transaction. */
import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import type { Projector } from './projector.ts';
import { projectEvents, runStatements, type Statement } from './sql-writer.ts';
import { activityLogProjector } from './activity-log/projector.ts';
import { labelMediaProjector } from './label-media/projector.ts';
import { labelTemplatesProjector } from './label-templates/projector.ts';
import { labelsProjector } from './labels/projector.ts';
import { materialStockProjector } from './material-stock/projector.ts';
import { materialsProjector } from './materials/projector.ts';
import { projectsProjector } from './projects/projector.ts';
import { siteSettingsProjector } from './site-settings/projector.ts';
import { usersProjector } from './users/projector.ts';
import { warehousesProjector } from './warehouses/projector.ts';
import { warehouseStockProjector } from './warehouse-stock/projector.ts';
import { transfersProjector } from './transfers/projector.ts';
import { requestsProjector } from './requests/projector.ts';
import { assetsCatalogProjector } from './assets-catalog/projector.ts';
import { assetsProjector } from './assets/projector.ts';
import { assetTransactionsProjector } from './asset-transactions/projector.ts';
import { stockCountProjector } from './stock-count/projector.ts';

export const projectors: readonly Projector[] = [
  usersProjector,
  projectsProjector,
  siteSettingsProjector,
  materialsProjector,
  materialStockProjector,
  activityLogProjector,
  warehousesProjector,
  warehouseStockProjector,
  labelsProjector,
  labelTemplatesProjector,
  labelMediaProjector,
  transfersProjector,
  requestsProjector,
  assetsCatalogProjector,
  assetsProjector,
  assetTransactionsProjector,
  stockCountProjector,
];

export function findProjector(name: string, registry: readonly Projector[] = projectors): Projector {
  const projector = registry.find((p) => p.name === name);
  if (!projector) throw new Error(`no projection named ${name}; known: ${registry.map((p) => p.name).join(', ')}`);
  return projector;
}

/** Whether this is the projector registered under its name (worker threads find projectors by name). */
export function isRegistered(projector: Projector): boolean {
  return projectors.find((p) => p.name === projector.name) === projector;
}

export function inlineProjections(registry: readonly Projector[] = projectors) {
  return async (trx: Kysely<any>, events: RecordedEvent[]): Promise<void> => {
    // Every projector's writes, one statement per table, go to PostgreSQL together as one.
    const writes: Statement[] = [];
    for (const projector of registry) await projectEvents(trx, 'public', projector, events, writes);
    await runStatements(trx, writes);
  };
}
