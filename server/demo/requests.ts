/**
 * The demo site's requests (`npm run seed:demo`): in the first two projects, crew members ask for
 * material and managers answer — requests in every state, two of them held waiting on delivery (one
 * line asks for more than the shelf has), one partly fulfilled with a split line, one finalised with
 * a denied line, and an asset request when the site has assets. Made by issuing the real commands, so fulfilled lines really
 * sit with the requester in the field.
 */
import { projectLocation } from '../../ledger/stock-item/events.ts';
import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { CommandOptions } from '../../ledger/command.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { inventory } from '../../projections/material-stock/queries.ts';
import type { AssetCatalogTable } from '../../migrations/schema.ts';
import { type RequestChange, runRequest } from '../requests/request-commands.ts';

export interface DemoPerson {
  id: string;
  name: string;
  email: string;
}

type Step = 'hold' | 'waiting' | 'reopen' | 'deny' | 'fulfil-all' | 'fulfil-first-part' | 'fulfil-first' | 'deny-last-line' | 'finalise';

/** Each request's story: how many lines, whether one asks for more than on hand, and the managers' steps. */
const STORIES: Array<{ lines: number; short?: boolean; steps: Step[]; notes?: string }> = [
  { lines: 2, steps: [], notes: 'For the cable pulls on level 2' },
  { lines: 1, steps: [] },
  { lines: 3, steps: ['fulfil-first-part'], notes: 'Half now, half next week is fine' },
  { lines: 2, steps: ['hold'] },
  { lines: 2, short: true, steps: ['waiting'], notes: 'Needed before the inspection' },
  { lines: 1, short: true, steps: ['fulfil-first-part', 'waiting'] },
  { lines: 2, steps: ['fulfil-all'] },
  { lines: 1, steps: ['deny'] },
  { lines: 2, steps: ['fulfil-first', 'deny-last-line', 'finalise'] },
  { lines: 1, steps: ['hold', 'reopen'] },
];

const MANAGER = { manager: true, requester: false };

/** Seeds the stories into each of the first two projects; answers how many requests were made. */
export async function seedDemoRequests(
  store: EventStore,
  projectIds: readonly string[],
  crew: readonly DemoPerson[],
  actor: (at: number) => CommandOptions,
  from: number,
  to: number,
): Promise<number> {
  let made = 0;
  const total = STORIES.length * 2 + 1;
  const at = () => from + ((to - from) * made) / total;
  for (const projectId of projectIds.slice(0, 2)) {
    const shelf = (await inventory(store.db, projectLocation(projectId))).filter((r) => r.QtyOnHand >= 6);
    for (const [s, story] of STORIES.entries()) {
      const requester = crew[(s + made) % crew.length]!;
      const parts = shelf.slice((s * 3) % Math.max(1, shelf.length - 3), ((s * 3) % Math.max(1, shelf.length - 3)) + story.lines);
      const lines = parts.map((p, i) => ({
        lineId: randomUUID(),
        partNumber: p.PartNumber,
        partName: null,
        qty: story.short && i === parts.length - 1 ? p.QtyOnHand + 20 : Math.min(p.QtyOnHand, 2 + ((s + i) % 4)),
        onHand: p.QtyOnHand,
        notes: i === 0 ? (story.notes ?? null) : null,
      }));
      const requestId = randomUUID();
      const requesterOptions: CommandOptions = { metadata: { actorId: requester.id, actorName: requester.name, source: 'seed' }, now: new Date(at()) };
      await runRequest(
        store,
        {
          type: 'submit',
          requestId,
          projectId,
          requestType: 'Material',
          requester: { id: requester.id, name: requester.name, email: requester.email },
          lines: lines.map(({ onHand: _, ...line }) => line),
          notes: null,
          imagePath: null,
        },
        { manager: false, requester: true },
        requesterOptions,
      );
      made += 1;
      for (const [k, step] of story.steps.entries()) {
        const when = at() - (story.steps.length - k) * 60_000;
        await runRequest(store, changeFor(step, requestId, lines), MANAGER, actor(when));
      }
    }
  }
  // An asset request for a type the first project has free, when the site has assets.
  const free = await sql<Pick<Selectable<AssetCatalogTable>, 'asset_number' | 'asset_name'>>`
    select c.asset_number, c.asset_name from asset_instances i join asset_catalog c on c.id = i.catalog_id
     where i.owner_type = 'project' and i.owner_id = ${projectIds[0]!} and not i.in_use and not i.lost and c.deleted_at is null
     order by c.asset_number limit 1`.execute(store.db);
  const asset = free.rows[0];
  if (!asset) return made;
  const requester = crew[0]!;
  await runRequest(
    store,
    {
      type: 'submit',
      requestId: randomUUID(),
      projectId: projectIds[0]!,
      requestType: 'Asset',
      requester,
      lines: [{ lineId: randomUUID(), partNumber: asset.asset_number, partName: asset.asset_name, qty: 1, notes: 'For the weekend shutdown' }],
      notes: null,
      imagePath: null,
    },
    { manager: false, requester: true },
    { metadata: { actorId: requester.id, actorName: requester.name, source: 'seed' }, now: new Date(at()) },
  );
  return made + 1;
}

function changeFor(step: Step, requestId: string, lines: Array<{ lineId: string; partNumber: string; qty: number; onHand: number }>): RequestChange {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  switch (step) {
    case 'hold':
      return { type: 'hold', requestId, reason: 'Checking the budget with the client' };
    case 'waiting':
      return { type: 'hold', requestId, reason: 'waiting_delivery' };
    case 'reopen':
      return { type: 'reopen', requestId };
    case 'deny':
      return { type: 'deny', requestId, reason: 'Already on site from the last delivery' };
    case 'fulfil-all':
      return { type: 'fulfil', requestId, lines: [], remainder: 'open' };
    case 'fulfil-first-part':
      return {
        type: 'fulfil',
        requestId,
        lines: [
          {
            lineId: first.lineId,
            partNumber: first.partNumber,
            quantity: Math.max(1, Math.min(first.onHand, Math.floor(first.qty / 2))),
            replacementPartNumber: null,
            remainderLineId: randomUUID(),
          },
        ],
        remainder: 'open',
      };
    case 'fulfil-first':
      return {
        type: 'fulfil',
        requestId,
        lines: [{ lineId: first.lineId, partNumber: first.partNumber, quantity: first.qty, replacementPartNumber: null, remainderLineId: randomUUID() }],
        remainder: 'open',
      };
    case 'deny-last-line':
      return { type: 'lines', requestId, changes: [{ lineId: last.lineId, status: 'denied' }], reason: 'Substitute already issued' };
    case 'finalise':
      return { type: 'finalise', requestId };
    default: {
      const unknown: never = step;
      throw new Error(`unknown step ${String(unknown)}`);
    }
  }
}
