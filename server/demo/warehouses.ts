/**
 * The warehouse part of the demo site: three warehouses with stock at named locations, relocations
 * between them, and moves to and from the projects, all through the real commands.
 */
import type { CommandOptions } from '../../ledger/command.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { warehouseInventory } from '../../projections/warehouse-stock/queries.ts';
import { createWarehouse } from '../warehouses/warehouse-commands.ts';
import { runWarehouseStock } from '../warehouses/warehouse-stock-commands.ts';

/** The note of a demo loss found by counting, in a warehouse and in a project alike. */
export const STOCK_COUNT_LOSS = 'Missing at stock count';

const WAREHOUSES = [
  {
    name: 'Central Warehouse',
    location: 'Unit 4, Ironworks Estate',
    capacitySummary: '12 racks × 5 shelves, 2 yard zones',
    racks: ['A', 'B', 'C', 'D'],
    zones: ['Yard 1'],
  },
  { name: 'North Yard', location: 'Gate 3, North Substation', capacitySummary: '6 racks and an open yard', racks: ['N1', 'N2'], zones: ['Open yard'] },
  { name: 'Harbour Store', location: 'Quay 7 container park', capacitySummary: '4 containers', racks: ['C1', 'C2'], zones: [] },
];

export interface SeedContext {
  rnd: { next: () => number; int: (min: number, max: number) => number; pick: <T>(items: readonly T[]) => T };
  parts: Array<{ number: string; name: string; nickname: string }>;
  projectIds: string[];
  /** Command options of a named person at an instant. */
  actor: (first: string, at: number) => CommandOptions;
  start: number;
  day: number;
  past: (at: number) => number;
}

/** Seeds the warehouses; answers how many warehouse movements were recorded. */
export async function seedWarehouses(store: EventStore, { rnd, parts, projectIds, actor, start, day, past }: SeedContext): Promise<number> {
  let moves = 0;
  const attempt = async (run: () => Promise<unknown>) => {
    try {
      await run();
      moves += 1;
    } catch (error) {
      // A refused move (the shelf ran short) is part of a warehouse's day too.
      if (!(error instanceof DomainError)) throw error;
    }
  };
  for (const [index, w] of WAREHOUSES.entries()) {
    const warehouseId = await createWarehouse(store, { name: w.name, location: w.location, capacitySummary: w.capacitySummary }, actor('Sam', start));
    const placeOf = () =>
      w.zones.length > 0 && rnd.next() < 0.2
        ? { zone: rnd.pick(w.zones) }
        : { rack: rnd.pick(w.racks), shelf: String(rnd.int(1, 5)), ...(rnd.next() < 0.3 ? { bin: String(rnd.int(1, 12)) } : {}) };
    const stocked = parts.filter(() => rnd.next() < (index === 0 ? 0.25 : 0.12));
    for (const part of stocked) {
      const at = start + rnd.int(0, 30) * day;
      await attempt(() =>
        runWarehouseStock(
          store,
          {
            type: 'receive',
            warehouseId,
            partNumber: part.number,
            quantity: rnd.int(40, 400),
            partName: part.name,
            partNickname: part.nickname,
            place: placeOf(),
            note: 'Supplier delivery',
          },
          actor('Ada', at),
        ),
      );
    }
    for (let step = 0; step < stocked.length * 2; step += 1) {
      const at = past(start + (35 + (140 * step) / (stocked.length * 2)) * day + rnd.int(0, 8) * 3600 * 1000);
      const rows = await warehouseInventory(store.db, warehouseId);
      const row = rows.length > 0 ? rnd.pick(rows) : null;
      const place = row?.locations[0];
      if (!row || !place) continue;
      const from = { rack: place.rack, shelf: place.shelf, bin: place.bin, zone: place.zone };
      const partNumber = row.material.part_number;
      const roll = rnd.next();
      const by = rnd.pick(['Sam', 'Ada'] as const);
      if (roll < 0.3) {
        await attempt(() =>
          runWarehouseStock(
            store,
            { type: 'relocate', warehouseId, partNumber, quantity: rnd.int(1, Math.max(1, Math.floor(place.qty / 2))), from, to: placeOf() },
            actor(by, at),
          ),
        );
      } else if (roll < 0.7) {
        const projectId = rnd.pick(projectIds);
        await attempt(() =>
          runWarehouseStock(
            store,
            { type: 'assign', warehouseId, partNumber, quantity: rnd.int(5, Math.max(5, Math.min(60, place.qty))), from, projectId },
            actor(by, at),
          ),
        );
      } else if (roll < 0.85 && row.projects.length > 0) {
        const back = rnd.pick(row.projects);
        await attempt(() =>
          runWarehouseStock(
            store,
            {
              type: 'unassign',
              warehouseId,
              partNumber,
              quantity: rnd.int(1, Math.max(1, Math.floor(back.qty / 3))),
              to: placeOf(),
              projectId: back.project_id,
              note: 'Surplus back from site',
            },
            actor(by, at),
          ),
        );
      } else if (roll < 0.93) {
        await attempt(() =>
          runWarehouseStock(
            store,
            { type: 'return', warehouseId, partNumber, quantity: rnd.int(1, Math.max(1, Math.min(10, place.qty))), from, note: 'Damaged in transit' },
            actor(by, at),
          ),
        );
      } else {
        await attempt(() => runWarehouseStock(store, { type: 'lost', warehouseId, partNumber, quantity: 1, from, note: STOCK_COUNT_LOSS }, actor(by, at)));
      }
    }
  }
  return moves;
}
