import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../contract/webhooks.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import type { StockItemEvent } from '../../ledger/stock-item/events.ts';
import {
  buildPayload,
  checkpointPayloadInput,
  endpointHears,
  eventPayloadInput,
  finishesImport,
  foldStockFigures,
  NO_STOCK,
  payloadProject,
  stockFiguresOf,
  webhookSubjectOf,
} from './payload.ts';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const W1 = '33333333-3333-4333-8333-333333333333';
const USER = '44444444-4444-4444-8444-444444444444';
const AT = new Date('2026-05-01T10:00:00Z');

function recorded(type: string, data: unknown, position = 7, streamId = 'stream'): RecordedEvent {
  return {
    globalPosition: position,
    streamId,
    streamVersion: 1,
    type,
    data,
    metadata: { actorId: USER, actorName: 'Ada Admin' },
    idempotencyKey: null,
    occurredAt: AT,
    recordedAt: AT,
    transactionId: '100',
    prevHash: null,
    hash: new Uint8Array(),
  };
}

type Location = { kind: 'project' | 'warehouse'; id: string };
const part = (location: Location) => ({ location, materialId: 'm-1', partNumber: 'CBL-1', partName: 'Cable' });
const stock = (type: string, extra: object, location: Location = { kind: 'project', id: P1 }) => recorded(type, { ...part(location), ...extra });
const owner = (type: 'project' | 'warehouse', id: string) => ({ type, id });
const asset = { catalogId: USER, assetNumber: 'A-1', assetName: 'Drill', serialNumber: null };
const transferStock = { quantity: 2, transferId: 't-1', projectId: P2, projectLabel: 'Other' };
const place = { bin: 'B1' };

describe('which events a webhook tells of, and about which projects', () => {
  it.each([
    ['MaterialReceived', { quantity: 5 }],
    ['MaterialReturned', { quantity: 1, binInfo: null }],
    ['MaterialAssigned', { quantity: 1, userId: USER, userName: 'Cy' }],
    ['MaterialUnassigned', { quantity: 1, userId: USER, userName: 'Cy' }],
    ['MaterialMarkedLost', { quantity: 1, source: 'on_hand', userId: null, userName: null, note: null }],
    ['MaterialMarkedFound', { quantity: 1, destination: 'on_hand', userId: null, userName: null, note: null }],
    ['MaterialSentOnTransfer', transferStock],
    ['MaterialIncomingOnTransfer', transferStock],
    ['MaterialDeliveredOnTransfer', transferStock],
    ['MaterialReceivedOnTransfer', transferStock],
    ['MaterialReturnedFromTransfer', transferStock],
    ['MaterialIncomingCancelled', transferStock],
    ['MaterialReceivedFromWarehouse', { quantity: 2, warehouseId: W1, warehouseLabel: 'Main', place, note: null }],
    ['MaterialReturnedToWarehouse', { quantity: 2, warehouseId: W1, warehouseLabel: 'Main', place, note: null }],
  ])("tells of a project's %s as stock moved in that project", (type, extra) => {
    expect(webhookSubjectOf(stock(type, extra))).toEqual({ kind: 'stock.moved', projectIds: [P1] });
  });

  it("tells of a warehouse's relocation, corrections and count adjustments as stock moved in no project (site-wide only)", () => {
    const warehouse = { kind: 'warehouse' as const, id: W1 };
    expect(webhookSubjectOf(stock('MaterialRelocated', { quantity: 1, from: place, to: { bin: 'B2' }, note: null }, warehouse))).toEqual({
      kind: 'stock.moved',
      projectIds: [],
    });
    const counted = { sessionId: 's', sessionName: 'S', lineId: 'l', quantity: 1, counted: 4, expected: 5, counterId: USER, counterName: 'C', deltas: {} };
    expect(webhookSubjectOf(stock('StockCounted', counted, warehouse))?.projectIds).toEqual([]);
    expect(webhookSubjectOf(stock('StockMovementCorrected', { quantity: 0 }))).toEqual({ kind: 'stock.moved', projectIds: [P1] });
  });

  it('leaves out new stock thresholds, which move nothing', () => {
    expect(webhookSubjectOf(stock('StockWarningsSet', { lowThreshold: 3, criticalThreshold: 1 }))).toBeNull();
  });

  it('tells of asset moves, in use, lost and found in each project they touch', () => {
    const moved = recorded('AssetInstanceMoved', {
      instanceId: USER,
      asset,
      from: owner('warehouse', W1),
      to: owner('project', P2),
      action: 'Assign',
      notes: null,
    });
    expect(webhookSubjectOf(moved)).toEqual({ kind: 'stock.moved', projectIds: [P2] });
    const between = recorded('AssetInstanceMoved', {
      instanceId: USER,
      asset,
      from: owner('project', P1),
      to: owner('project', P2),
      action: 'Transfer',
      notes: null,
    });
    expect(webhookSubjectOf(between)?.projectIds).toEqual([P1, P2]);
    for (const type of ['AssetInstanceMarkedInUse', 'AssetInstanceMarkedLost', 'AssetInstanceMarkedFound']) {
      expect(webhookSubjectOf(recorded(type, { instanceId: USER, asset, owner: owner('project', P1), userId: USER, notes: null }))).toEqual({
        kind: 'stock.moved',
        projectIds: [P1],
      });
    }
  });

  it('tells of requests, transfers (to both projects), finished label imports and posted counts', () => {
    expect(webhookSubjectOf(recorded('RequestDenied', { requestId: 'r', projectId: P1, status: 'Denied', reason: 'no', lineIds: [] }))).toEqual({
      kind: 'request.changed',
      projectIds: [P1],
    });
    expect(webhookSubjectOf(recorded('TransferAccepted', { transferId: 't', fromId: P1, toId: P2 }))).toEqual({
      kind: 'transfer.changed',
      projectIds: [P1, P2],
    });
    expect(webhookSubjectOf(recorded('LabelsImported', { projectId: P1, importId: USER, labels: [] }))).toEqual({
      kind: 'label_import.finished',
      projectIds: [P1],
    });
    const posted = { sessionId: 's', location: { kind: 'project', id: P1 }, linesCounted: 3 };
    expect(webhookSubjectOf(recorded('CountSessionPosted', posted))).toEqual({ kind: 'count.posted', projectIds: [P1] });
    expect(webhookSubjectOf(recorded('CountSessionCancelled', { sessionId: 's', location: { kind: 'project', id: P1 }, reason: null }))).toBeNull();
    expect(webhookSubjectOf(recorded('LabelsDeleted', { projectId: P1, labels: [] }))).toBeNull();
    expect(webhookSubjectOf(recorded('ProjectCreated', { projectId: P1 }))).toBeNull();
  });

  it("lets a site-wide endpoint hear every project's events and a project's endpoint only its own, of its kinds", () => {
    const subject = { kind: 'stock.moved' as const, projectIds: [P1] };
    expect(endpointHears({ id: 'a', project_id: null, kinds: ['stock.moved'] }, subject)).toBe(true);
    expect(endpointHears({ id: 'b', project_id: P1, kinds: ['stock.moved'] }, subject)).toBe(true);
    expect(endpointHears({ id: 'c', project_id: P2, kinds: ['stock.moved'] }, subject)).toBe(false);
    expect(endpointHears({ id: 'd', project_id: P1, kinds: ['request.changed'] }, subject)).toBe(false);
    expect(endpointHears({ id: 'e', project_id: P1, kinds: ['stock.moved'] }, { kind: 'stock.moved', projectIds: [] })).toBe(false);
    const transfer = { kind: 'transfer.changed' as const, projectIds: [P1, P2] };
    expect(payloadProject({ project_id: P2 }, transfer)).toBe(P2);
    expect(payloadProject({ project_id: null }, transfer)).toBe(P1);
  });
});

describe('the figures after a stock event', () => {
  const fold = (events: RecordedEvent[]) => events.reduce((f, e) => foldStockFigures(f, e as RecordedEvent & StockItemEvent), NO_STOCK);

  it('folds on hand, field assigned and lost as the projections do', () => {
    const figures = fold([
      stock('MaterialReceived', { quantity: 10 }),
      stock('MaterialAssigned', { quantity: 4, userId: USER, userName: 'Cy' }),
      stock('MaterialMarkedLost', { quantity: 1, source: 'field_assigned', userId: USER, userName: 'Cy', note: null }),
      stock('MaterialMarkedLost', { quantity: 2, source: 'on_hand', userId: null, userName: null, note: null }),
      stock('MaterialMarkedFound', { quantity: 1, destination: 'on_hand', userId: null, userName: null, note: null }),
      stock('MaterialSentOnTransfer', transferStock),
    ]);
    expect(figures).toEqual({ on_hand: 3, field_assigned: 3, lost: 2 });
  });

  it('names no field-assigned figure for a warehouse, which assigns nothing to the field', () => {
    const event = stock('MaterialReceived', { quantity: 3, place }, { kind: 'warehouse', id: W1 }) as RecordedEvent & StockItemEvent;
    expect(stockFiguresOf(event, { on_hand: 3, field_assigned: 0, lost: 0 })).toEqual({ on_hand: 3, lost: 0 });
  });
});

describe('when a label import has finished', () => {
  const batch = (ids: string[]) => recorded('LabelsImported', { projectId: P1, importId: USER, labels: ids.map((id) => ({ id })) }) as never;

  it("ends a job's import with the event carrying its last label", () => {
    const progress = { jobTotal: 2001, lastLabelId: 'last', moreInTransaction: false };
    expect(finishesImport(batch(['a', 'b']), progress)).toBe(false);
    expect(finishesImport(batch(['x', 'last']), progress)).toBe(true);
  });

  it('ends an import of one command with its last event in the transaction', () => {
    expect(finishesImport(batch(['a']), { jobTotal: null, lastLabelId: null, moreInTransaction: true })).toBe(false);
    expect(finishesImport(batch(['b']), { jobTotal: null, lastLabelId: null, moreInTransaction: false })).toBe(true);
  });
});

describe('the body', () => {
  const received = stock('MaterialReceived', { quantity: 5 });

  it("names the event, its position, stream, project, time, actor, details and figures; a label import's body leaves its labels out", () => {
    const body = buildPayload(eventPayloadInput(received, 'stock.moved', P1, { on_hand: 5, field_assigned: 0, lost: 0 }), AT);
    expect(body).toEqual({
      type: 'stock.moved',
      timestamp: AT.toISOString(),
      data: {
        event: 'MaterialReceived',
        position: 7,
        stream: 'stream',
        project_id: P1,
        occurred_at: AT.toISOString(),
        actor: { id: USER, name: 'Ada Admin' },
        details: received.data,
        figures: { on_hand: 5, field_assigned: 0, lost: 0 },
      },
    });
    const imported = recorded('LabelsImported', { projectId: P1, importId: USER, labels: [{ id: 'a' }] });
    expect(buildPayload(eventPayloadInput(imported, 'label_import.finished', P1), AT).data.details).toEqual({ projectId: P1, importId: USER });
  });

  it('reports a posted count by its figures', () => {
    const posted = recorded('CountSessionPosted', {
      sessionId: 's',
      location: { kind: 'project', id: P1 },
      linesCounted: 8,
      linesWithVariance: 2,
      linesNotCounted: 1,
      adjustments: 2,
      assetsLost: 0,
      assetsFound: 1,
      results: [],
    });
    expect(buildPayload(eventPayloadInput(posted, 'count.posted', P1), AT).data.figures).toEqual({
      lines_counted: 8,
      lines_with_variance: 2,
      lines_not_counted: 1,
      adjustments: 2,
      assets_lost: 0,
      assets_found: 1,
    });
  });

  it('leaves out details and figures, and says so, when the body would pass 256 KB', () => {
    const big = recorded('RequestLinesChanged', { projectId: P1, note: 'x'.repeat(WEBHOOK_LIMITS.bodyMaxBytes) });
    const body = buildPayload(eventPayloadInput(big, 'request.changed', P1, { on_hand: 1 }), AT);
    expect(body.data).toEqual({
      event: 'RequestLinesChanged',
      position: 7,
      stream: 'stream',
      project_id: P1,
      occurred_at: AT.toISOString(),
      actor: { id: USER, name: 'Ada Admin' },
      truncated: true,
    });
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(WEBHOOK_LIMITS.bodyMaxBytes);
    const justUnder = buildPayload(eventPayloadInput(big, 'request.changed', P1), AT, 10 * WEBHOOK_LIMITS.bodyMaxBytes);
    expect(justUnder.data.truncated).toBeUndefined();
  });

  it('tells of a signed checkpoint by its position, size, root and signature', () => {
    const checkpoint = { ledger_seq: 40, position: 52, chain_hash: 'ab', tree_root: 'cd', signed_at: AT.toISOString(), key_id: 'k1', signature: 'sig' };
    expect(buildPayload(checkpointPayloadInput(checkpoint), AT)).toEqual({
      type: 'checkpoint.signed',
      timestamp: AT.toISOString(),
      data: {
        event: 'CheckpointSigned',
        position: 52,
        stream: null,
        project_id: null,
        occurred_at: AT.toISOString(),
        actor: null,
        details: { ledger_seq: 40, chain_hash: 'ab', tree_root: 'cd', signed_at: AT.toISOString(), key_id: 'k1', signature: 'sig' },
        figures: { events: 40, position: 52 },
      },
    });
  });
});
