/**
 * A realistic synthetic site written through the ledger's own append path, in batches of many
 * streams per transaction, so its hash chains and projections are the real thing: 50 projects,
 * 200 users, 5,000 parts (one project holding all of them), then receipts, returns, assignments,
 * unassignments, losses and finds in believable proportions, each valid against an in-memory model.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import type { EventMetadata, NewEvent, StreamAppend } from '../ledger/event-store/types.ts';
import { materialStreamId } from '../ledger/material/events.ts';
import { projectStreamId } from '../ledger/project/events.ts';
import { stockStreamId } from '../ledger/stock-item/events.ts';
import { userStreamId } from '../ledger/user/events.ts';

export interface HistoryShape {
  projects: number;
  users: number;
  parts: number;
  events: number;
  batch: number;
}

export interface GeneratedSite {
  projectIds: string[];
  busiestProjectId: string;
  userIds: string[];
  partNumbers: string[];
  events: number;
  seconds: number;
}

interface StreamHead {
  version: number;
  hash: Uint8Array | null;
}

interface Item {
  projectIndex: number;
  partIndex: number;
  onHand: number;
  lost: number;
  held: Map<number, number>;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generateHistory(store: EventStore, shape: HistoryShape, onProgress: (done: number) => void = () => undefined): Promise<GeneratedSite> {
  const started = performance.now();
  const random = rng(42);
  const int = (max: number) => Math.floor(random() * max);
  const heads = new Map<string, StreamHead>();
  const pending = new Map<string, NewEvent[]>();
  let pendingCount = 0;
  let written = 0;
  let nextAnalyze = 20_000;
  const yearMs = 365 * 24 * 3600 * 1000;
  const t0 = Date.now() - yearMs;
  const userIds = Array.from({ length: shape.users }, () => randomUUID());
  const projectIds = Array.from({ length: shape.projects }, () => randomUUID());
  const materialIds = Array.from({ length: shape.parts }, () => randomUUID());
  const partNumbers = materialIds.map((_, i) => `PN-${String(i).padStart(5, '0')}`);
  const metadata = (i: number): EventMetadata => ({ actorId: userIds[i % userIds.length]!, actorName: `Bench User ${i % userIds.length}`, source: 'bench' });

  const flush = async () => {
    if (pendingCount === 0) return;
    const appends: StreamAppend[] = [];
    for (const [streamId, events] of pending) appends.push({ streamId, expected: heads.get(streamId) ?? { version: 0, hash: null }, events });
    const recorded = await store.db.transaction().execute((trx) => store.append(trx, appends, metadata(written), { now: new Date() }));
    for (const e of recorded) heads.set(e.streamId, { version: e.streamVersion, hash: e.hash });
    written += recorded.length;
    pending.clear();
    pendingCount = 0;
    onProgress(written);
    // Statistics as the tables double: planned on the empty tables' figures, the inline running
    // sums insert of a batch turns quadratic at a few tens of thousands of rows.
    if (written >= nextAnalyze) {
      nextAnalyze *= 2;
      await sql`analyze events, material_stock, activity_log`.execute(store.db);
    }
  };
  const add = async (streamId: string, event: NewEvent) => {
    const list = pending.get(streamId);
    if (list) list.push(event);
    else pending.set(streamId, [event]);
    pendingCount += 1;
    if (pendingCount >= shape.batch) await flush();
  };
  const at = (fraction: number) => new Date(t0 + Math.floor(fraction * yearMs));

  for (const [i, userId] of userIds.entries()) {
    await add(userStreamId(userId), {
      type: 'UserRegistered',
      data: {
        userId,
        email: `bench${i}@bench.stockledger.local`,
        firstName: 'Bench',
        lastName: `User ${i}`,
        role: i === 0 ? 'superadmin' : 'user',
        emails: true,
        stockEmails: true,
      },
      occurredAt: at(0),
    });
  }
  for (const [i, projectId] of projectIds.entries()) {
    await add(projectStreamId(projectId), {
      type: 'ProjectCreated',
      data: { projectId, numId: 100_000 + i, name: `Bench project ${i}`, customer: null, number: `BP-${i}` },
      occurredAt: at(0),
    });
    for (let m = 0; m < 10; m += 1) {
      const userId = userIds[(i * 10 + m) % userIds.length]!;
      await add(projectStreamId(projectId), {
        type: 'ProjectMemberAdded',
        data: { projectId, userId, userName: `Bench User ${(i * 10 + m) % userIds.length}`, role: m === 0 ? 'manager' : 'user' },
        occurredAt: at(0),
      });
    }
  }
  for (const [i, materialId] of materialIds.entries()) {
    await add(materialStreamId(materialId), {
      type: 'MaterialDefined',
      data: { materialId, partNumber: partNumbers[i]!, partName: `Bench part ${i}`, partNickname: `Part ${i}` },
      occurredAt: at(0),
    });
  }

  const items: Item[] = [];
  const seed = (projectIndex: number, partIndex: number) => items.push({ projectIndex, partIndex, onHand: 0, lost: 0, held: new Map() });
  for (let p = 0; p < shape.parts; p += 1) seed(0, p);
  for (let projectIndex = 1; projectIndex < shape.projects; projectIndex += 1) {
    for (let k = 0; k < 100; k += 1) seed(projectIndex, int(shape.parts));
  }
  const member = (projectIndex: number) => (projectIndex * 10 + int(10)) % userIds.length;

  const setupEvents = written + pendingCount;
  const total = Math.max(shape.events, setupEvents + items.length);
  let emitted = setupEvents;
  // Every item is received once first, then movements follow in time order.
  const queue: Array<'initial' | 'random'> = [];
  for (let i = 0; i < items.length; i += 1) queue.push('initial');
  let initialIndex = 0;
  while (emitted < total) {
    const initial = initialIndex < items.length;
    const item = initial ? items[initialIndex++]! : items[int(items.length)]!;
    const fraction = 0.02 + (0.97 * (emitted - setupEvents)) / (total - setupEvents);
    const location = { kind: 'project' as const, id: projectIds[item.projectIndex]! };
    const base = { location, materialId: materialIds[item.partIndex]!, partNumber: partNumbers[item.partIndex]!, partName: `Bench part ${item.partIndex}` };
    const streamId = stockStreamId(location, base.materialId);
    const userIndex = member(item.projectIndex);
    const userId = userIds[userIndex]!;
    const userName = `Bench User ${userIndex}`;
    const held = item.held.get(userIndex) ?? 0;
    const roll = random();
    let event: NewEvent;
    if (initial || item.onHand < 2 || roll < 0.15) {
      const quantity = 20 + int(200);
      item.onHand += quantity;
      event = { type: 'MaterialReceived', data: { ...base, quantity } };
    } else if (roll < 0.55) {
      const quantity = 1 + int(Math.min(10, item.onHand));
      item.onHand -= quantity;
      item.held.set(userIndex, held + quantity);
      event = { type: 'MaterialAssigned', data: { ...base, quantity, userId, userName } };
    } else if (roll < 0.85 && held > 0) {
      const quantity = 1 + int(held);
      item.onHand += quantity;
      item.held.set(userIndex, held - quantity);
      event = { type: 'MaterialUnassigned', data: { ...base, quantity, userId, userName } };
    } else if (roll < 0.9) {
      const quantity = 1 + int(Math.min(5, item.onHand));
      item.onHand -= quantity;
      event = { type: 'MaterialReturned', data: { ...base, quantity, binInfo: `Rack ${int(9) + 1}` } };
    } else if (roll < 0.95) {
      item.onHand -= 1;
      item.lost += 1;
      event = { type: 'MaterialMarkedLost', data: { ...base, quantity: 1, source: 'on_hand', userId: null, userName: null, note: null } };
    } else if (item.lost > 0) {
      item.lost -= 1;
      item.onHand += 1;
      event = { type: 'MaterialMarkedFound', data: { ...base, quantity: 1, destination: 'on_hand', userId: null, userName: null, note: null } };
    } else {
      const quantity = 1 + int(50);
      item.onHand += quantity;
      event = { type: 'MaterialReceived', data: { ...base, quantity } };
    }
    await add(streamId, { ...event, occurredAt: at(fraction) });
    emitted += 1;
  }
  await flush();
  return { projectIds, busiestProjectId: projectIds[0]!, userIds, partNumbers, events: written, seconds: (performance.now() - started) / 1000 };
}
