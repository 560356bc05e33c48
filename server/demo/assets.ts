/**
 * The asset part of the demo site, through the real commands: serialized and bulk categories, a
 * catalogue of a dozen types, a few hundred instances received into the warehouses over the last
 * month and spread to the projects, some in use by the crew, one lost and found again, and bulk
 * units in the warehouses with some assigned to projects.
 */
import type { CommandOptions } from '../../ledger/command.ts';
import type { Owner } from '../../ledger/asset/events.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { listWarehouses } from '../../projections/warehouses/queries.ts';
import { runBulk } from '../assets/bulk-commands.ts';
import { createAssetCatalogItem, createAssetCategory } from '../assets/catalog-commands.ts';
import { runInstance } from '../assets/instance-commands.ts';

const CATEGORIES = [
  { name: 'Power generation', kind: 'serialized' as const },
  { name: 'Lifting equipment', kind: 'serialized' as const },
  { name: 'Survey instruments', kind: 'serialized' as const },
  { name: 'Power tools', kind: 'serialized' as const },
  { name: 'Site barriers', kind: 'bulk' as const },
  { name: 'Scaffolding', kind: 'bulk' as const },
];

/** [category index, asset number, name, nickname, serials required, how many instances or units]. */
const TYPES: Array<[number, string, string, string, boolean, number]> = [
  [0, 'GEN-020', 'Diesel generator 20 kVA', 'Genset 20', true, 24],
  [0, 'GEN-100', 'Diesel generator 100 kVA', 'Genset 100', true, 8],
  [0, 'LT-400', 'Lighting tower 4 × 400 W', 'Light tower', true, 18],
  [1, 'SCL-08', 'Scissor lift 8 m', 'Scissor 8', true, 22],
  [1, 'CHB-2T', 'Chain block 2 t', 'Chain block', false, 40],
  [2, 'TS-15', 'Total station 1" ', 'Total station', true, 12],
  [2, 'LVL-DG', 'Digital level', 'Dig level', true, 16],
  [3, 'DRL-18', 'Cordless hammer drill 18 V', 'Hammer drill', true, 70],
  [3, 'GRD-230', 'Angle grinder 230 mm', 'Grinder', true, 60],
  [3, 'MEG-1K', 'Insulation tester 1 kV', 'Megger', true, 30],
  [4, 'BAR-2M', 'Pedestrian barrier 2 m', 'Barrier', false, 400],
  [5, 'SCF-TUBE', 'Scaffold tube 6 m', 'Tube 6 m', false, 900],
];

export interface AssetSeedContext {
  rnd: { next: () => number; int: (min: number, max: number) => number; pick: <T>(items: readonly T[]) => T };
  projectIds: string[];
  /** The members of a project who can have equipment in use there. */
  crewOf: (projectId: string) => string[];
  /** Command options of the warehouse admin at an instant. */
  actor: (at: number) => CommandOptions;
  /** When the month of asset history starts, and a day in milliseconds. */
  start: number;
  day: number;
}

/** Seeds the assets; answers how many instances and asset movements were recorded. */
export async function seedAssets(
  store: EventStore,
  { rnd, projectIds, crewOf, actor, start, day }: AssetSeedContext,
): Promise<{ instances: number; moves: number }> {
  const warehouses = (await listWarehouses(store.db)).map((w) => ({ type: 'warehouse', id: w.id }) as Owner);
  const projects = projectIds.map((id) => ({ type: 'project', id }) as Owner);
  let clock = start;
  const tick = () => {
    clock += Math.round(day / 16);
    return actor(clock);
  };
  const categoryIds: string[] = [];
  for (const c of CATEGORIES) categoryIds.push(await createAssetCategory(store, c, tick()));

  let instances = 0;
  let moves = 0;
  const inProject: Array<{ id: string; at: Owner }> = [];
  for (const [category, assetNumber, assetName, nickname, serials, count] of TYPES) {
    const kind = CATEGORIES[category]!.kind;
    const catalogId = await createAssetCatalogItem(
      store,
      {
        assetNumber,
        assetName: assetName.trim(),
        assetNickname: nickname,
        catalogName: CATEGORIES[category]!.name,
        categoryId: categoryIds[category]!,
        serialRequired: serials,
      },
      tick(),
    );
    if (kind === 'bulk') {
      for (const w of warehouses) {
        await runBulk(store, { type: 'receive', catalogId, at: w, quantity: Math.round(count / warehouses.length), notes: 'Delivery' }, tick());
        const project = rnd.pick(projects);
        await runBulk(store, { type: 'move', catalogId, from: w, to: project, quantity: rnd.int(10, 60), notes: null }, tick());
        moves += 2;
      }
      continue;
    }
    for (let i = 1; i <= count; i += 1) {
      const home = warehouses[i % warehouses.length]!;
      const serialNumber = serials || rnd.next() < 0.5 ? `${assetNumber}-${String(1000 + i)}` : null;
      const condition = rnd.next() < 0.85 ? 'good' : rnd.pick(['fair', 'needs service']);
      const id = await runInstance(
        store,
        null,
        { type: 'receive-new', catalogId, serialNumber, assetName: null, condition, notes: null, to: home, parentWarehouseId: null, metadata: {} },
        tick(),
      );
      instances += 1;
      moves += 1;
      if (rnd.next() < 0.55) {
        const project = rnd.pick(projects);
        await runInstance(store, id, { type: 'move', from: home, to: project, notes: null }, tick());
        inProject.push({ id, at: project });
        moves += 1;
      }
    }
  }
  // Some equipment in use by the crew, and one instance lost on site and found again.
  for (const [n, item] of inProject.entries()) {
    if (n % 3 !== 0) continue;
    await runInstance(store, item.id, { type: 'in-use', inUse: true, userId: rnd.pick(crewOf(item.at.id)), notes: null }, tick());
    moves += 1;
    if (n % 9 === 0 && n > 0) {
      await runInstance(store, item.id, { type: 'in-use', inUse: false, userId: null, notes: 'Back from site' }, tick());
      moves += 1;
    }
  }
  const lostOne = inProject.find((_, n) => n % 3 === 1);
  if (lostOne) {
    await runInstance(store, lostOne.id, { type: 'lost', at: lostOne.at, notes: 'Not on the van after the night shift' }, tick());
    await runInstance(store, lostOne.id, { type: 'found', at: lostOne.at, notes: 'Found behind the site cabin' }, tick());
    moves += 2;
  }
  return { instances, moves };
}
