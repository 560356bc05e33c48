import { describe, it } from 'vitest';
import { assetInstanceDecider } from '../asset/decide.ts';
import { type AssetInstanceEvent, assetStreamId } from '../asset/events.ts';
import { ASSET_MESSAGES } from '../../contract/messages/assets.ts';
import { stockItemDecider } from '../stock-item/decide.ts';
import { type StockItemEvent, stockStreamOf } from '../stock-item/events.ts';
import { byStream } from '../testing/by-stream.ts';
import { multiStreamSpec } from '../testing/multi-stream-spec.ts';
import type { FulfilLine, RequestActor, RequestStockCommand } from './commands.ts';
import { requestDecider } from './decide.ts';
import type { RequestEvent } from './events.ts';
import { decideRequestStock } from './fulfil.ts';
import { ids, type Line, lineFulfilledEvent, submittedEvent } from './request-fixtures.ts';
import { lineRefused, REQUEST_MESSAGES as M } from '../../contract/messages/requests.ts';

const spec = multiStreamSpec(
  {
    request: requestDecider,
    stock: byStream(stockItemDecider, stockStreamOf),
    instances: byStream(assetInstanceDecider, (e: AssetInstanceEvent) => assetStreamId(e.data.instanceId)),
  },
  decideRequestStock,
);

const P1 = { kind: 'project' as const, id: 'p-1' };
const MANAGER: RequestActor = { manager: true, requester: false };
const uma = { name: 'Uma User', member: true };

const cable: Line = { lineId: 'l-1', materialId: 'm-a', partNumber: 'CAB-1', partName: 'Cable', qty: 5, notes: null };
const bolt: Line = { lineId: 'l-2', materialId: 'm-b', partNumber: 'BLT-1', partName: 'Bolt', qty: 2, notes: null };

const submitted = (lines: Line[], type: 'Material' | 'Asset' = 'Material') => submittedEvent(lines, { num: 7, type, requesterName: 'Uma' });
const lineFulfilled = lineFulfilledEvent;
const fulfilledRequest: RequestEvent = { type: 'RequestFulfilled', data: { ...ids, status: 'fulfilled' } };

const received = (line: Line, quantity: number): StockItemEvent => ({
  type: 'MaterialReceived',
  data: { location: P1, materialId: line.materialId!, partNumber: line.partNumber, partName: line.partName, quantity },
});
const assigned = (line: Line, quantity: number): StockItemEvent => ({
  type: 'MaterialAssigned',
  data: { location: P1, materialId: line.materialId!, partNumber: line.partNumber, partName: line.partName, quantity, userId: 'u-1', userName: 'Uma User' },
});
const stocked = [received(cable, 10), received(bolt, 10)];

const fulfil = (lines: FulfilLine[] = [], over: Partial<Extract<RequestStockCommand, { type: 'FulfilRequest' }>['data']> = {}): RequestStockCommand => ({
  type: 'FulfilRequest',
  data: { lines, remainder: 'open', instances: {}, frozen: false, actor: MANAGER, requester: uma, ...over },
});
const part = (line: Line, quantity: number, replacement: FulfilLine['replacement'] = null): FulfilLine => ({
  lineId: line.lineId,
  partNumber: line.partNumber,
  quantity,
  replacement,
  remainderLineId: 'l-rest',
});

describe('a fulfil assigns each line given to the requester', () => {
  it('Fulfil All: every line in full, closing the request', () => {
    spec
      .given({ request: [submitted([cable, bolt])], stock: stocked })
      .when(fulfil())
      .then({
        request: [lineFulfilled(cable, 5), lineFulfilled(bolt, 2), fulfilledRequest],
        stock: [assigned(cable, 5), assigned(bolt, 2)],
      });
  });

  it('part of a line: the rest stays requested and is not assigned', () => {
    const rest = { ...cable, lineId: 'l-rest', qty: 2 };
    spec
      .given({ request: [submitted([cable, bolt])], stock: stocked })
      .when(fulfil([part(cable, 3)]))
      .then({ request: [lineFulfilled(cable, 3, { remainderLine: rest })], stock: [assigned(cable, 3)] });
  });

  it('part of a request, the rest held waiting on delivery', () => {
    spec
      .given({ request: [submitted([cable, bolt])], stock: stocked })
      .when(fulfil([part(bolt, 2)], { remainder: 'waiting_delivery' }))
      .then({
        request: [
          lineFulfilled(bolt, 2),
          { type: 'RequestHeld', data: { ...ids, status: 'on-hold', reason: 'waiting_delivery', waitingDelivery: true, lineIds: ['l-1'] } },
        ],
        stock: [assigned(bolt, 2)],
      });
  });

  it('the rest denied after a partial fulfil takes nothing back and assigns nothing more', () => {
    spec
      .given({ request: [submitted([cable, bolt]), lineFulfilled(bolt, 2)], stock: [...stocked, assigned(bolt, 2)] })
      .when({ type: 'DenyRequest', data: { reason: 'No budget', actor: MANAGER } })
      .then({ request: [{ type: 'RequestDenied', data: { ...ids, status: 'denied', reason: 'No budget', lineIds: ['l-1'] } }] });
  });

  it('a replacement part is assigned from its own stock', () => {
    const given = { materialId: 'm-c', partNumber: 'CAB-2', partName: 'Spare cable' };
    const spareLine = { ...cable, ...given };
    spec
      .given({ request: [submitted([cable, bolt])], stock: [...stocked, received(spareLine, 5)] })
      .when(fulfil([part(cable, 5, { ...given, known: true })]))
      .then({ request: [lineFulfilled(cable, 5, { ...given, requestedPartNumber: 'CAB-1' })], stock: [assigned(spareLine, 5)] });
  });

  it('one part on two lines is assigned twice from the same stock', () => {
    const more = { ...cable, lineId: 'l-3', qty: 3 };
    spec
      .given({ request: [submitted([cable, more])], stock: [received(cable, 8)] })
      .when(fulfil())
      .then({ request: [lineFulfilled(cable, 5), lineFulfilled(more, 3), fulfilledRequest], stock: [assigned(cable, 5), assigned(more, 3)] });
  });
});

describe('a fulfil is refused whole', () => {
  it('when on hand does not cover every line of the part', () => {
    const more = { ...cable, lineId: 'l-3', qty: 3 };
    spec
      .given({ request: [submitted([cable, more])], stock: [received(cable, 7)] })
      .when(fulfil())
      .thenThrows(M.insufficient, 'DOMAIN_RULE');
    spec
      .given({ request: [submitted([cable, bolt])], stock: [received(cable, 10)] })
      .when(fulfil())
      .thenThrows(M.insufficient, 'DOMAIN_RULE');
  });

  it('while transactions are frozen', () => {
    spec
      .given({ request: [submitted([cable, bolt])], stock: stocked })
      .when(fulfil([], { frozen: true }))
      .thenThrows(M.frozen, 'FROZEN');
  });

  it('when the requester is no longer a member of the project', () => {
    spec
      .given({ request: [submitted([cable, bolt])], stock: stocked })
      .when(fulfil([], { requester: { name: 'Uma User', member: false } }))
      .thenThrows('Select a user to assign this part to', 'VALIDATION');
  });

  it('for a line not requested', () => {
    spec
      .given({ request: [submitted([cable, bolt]), lineFulfilled(bolt, 2)], stock: stocked })
      .when(fulfil([part(bolt, 1)]))
      .thenThrows(lineRefused('BLT-1', 'fulfilled', 'fulfil'), 'DOMAIN_RULE');
  });
});

describe('an asset request marks the instances it gives in use for the requester', () => {
  const generator: Line = { lineId: 'l-1', materialId: null, partNumber: 'GEN-01', partName: 'Generator', qty: 2, notes: null };
  const P = { type: 'project' as const, id: 'p-1' };
  const asset = (instanceId: string) => ({ catalogId: 'c-1', assetNumber: 'GEN-01', assetName: 'Generator', serialNumber: `SN-${instanceId}` });
  const inProject = (instanceId: string): AssetInstanceEvent => ({
    type: 'AssetInstanceReceived',
    data: { instanceId, asset: asset(instanceId), to: P, condition: 'good', notes: null, parentWarehouseId: 'w-1', originWarehouseId: 'w-1', metadata: {} },
  });
  const inUse = (instanceId: string): AssetInstanceEvent => ({
    type: 'AssetInstanceMarkedInUse',
    data: { instanceId, asset: asset(instanceId), owner: P, userId: 'u-1', notes: 'Request R-7' },
  });
  const free = ['i-1', 'i-2', 'i-3'].map(inProject);
  const assets = (over: Parameters<typeof fulfil>[1] = {}) => fulfil([], { instances: { 'gen-01': ['i-1', 'i-2', 'i-3'] }, ...over });

  it('as many free instances as the line asks, oldest first', () => {
    spec
      .given({ request: [submitted([generator], 'Asset')], instances: free })
      .when(assets())
      .then({ request: [lineFulfilled(generator, 2, { instanceIds: ['i-1', 'i-2'] }), fulfilledRequest], instances: [inUse('i-1'), inUse('i-2')] });
  });

  it('refuses more than are free, a requester who is not a member, and an instance already in use', () => {
    spec
      .given({ request: [submitted([generator], 'Asset')], instances: free })
      .when(assets({ instances: { 'gen-01': ['i-1'] } }))
      .thenThrows(M.insufficient, 'DOMAIN_RULE');
    spec
      .given({ request: [submitted([generator], 'Asset')], instances: free })
      .when(assets({ requester: { name: 'Uma User', member: false } }))
      .thenThrows(ASSET_MESSAGES.notAMember, 'DOMAIN_RULE');
    spec
      .given({ request: [submitted([generator], 'Asset')], instances: [...free, inUse('i-2')] })
      .when(assets())
      .thenThrows(ASSET_MESSAGES.alreadyInUse, 'CONFLICT');
  });
});
