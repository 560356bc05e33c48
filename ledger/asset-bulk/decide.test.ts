import { describe, it } from 'vitest';
import { multiStreamSpec } from '../testing/multi-stream-spec.ts';
import type { BulkAssetEvent, Owner } from '../asset/events.ts';
import { ASSET_MESSAGES as M } from '../../contract/messages/assets.ts';
import type { BulkAssetCommand } from './commands.ts';
import { decideBulk } from './decide.ts';
import { evolveBulk } from './evolve.ts';
import { initialBulkAssetState } from './state.ts';

const spec = multiStreamSpec({ initialState: initialBulkAssetState, evolve: evolveBulk }, ['at', 'to'] as const, (command: BulkAssetCommand, states) =>
  decideBulk(command, states),
);
const catalogId = '6d7e4f0a-9a0b-4c55-8d21-7f1e2b3c4d06';
const asset = { catalogId, assetNumber: 'CONE', assetName: 'Traffic cone', serialNumber: null };
const W: Owner = { type: 'warehouse', id: '7c0d1f5e-3c55-4a43-9b1e-2f0a2f3a9d11' };
const P: Owner = { type: 'project', id: '1e2d3c4b-5a69-4788-9aab-bccddeeff001' };
const open = { frozen: false, destination: { active: true }, notes: null };
const received20: BulkAssetEvent = { type: 'BulkAssetReceived', data: { owner: W, asset, quantity: 20, notes: null } };
const sent5: BulkAssetEvent = { type: 'BulkAssetSent', data: { owner: W, to: P, asset, quantity: 5, action: 'Assign', notes: null } };
const arrived5: BulkAssetEvent = { type: 'BulkAssetArrived', data: { owner: P, from: W, asset, quantity: 5, action: 'Assign', settles: 0, notes: null } };

describe('bulk asset units', () => {
  it('receives units into a warehouse', () => {
    spec
      .given({})
      .when({ type: 'ReceiveBulk', data: { ...open, asset, at: W, quantity: 20 } })
      .then({ at: [received20] });
  });
  it('assigns 5 of 20 to a project as one decision over both owners', () => {
    spec
      .given({ at: [received20] })
      .when({ type: 'MoveBulk', data: { ...open, asset, from: W, to: P, quantity: 5 } })
      .then({ at: [sent5], to: [arrived5] });
  });
  it('a return to the warehouse settles what it had assigned to that project', () => {
    spec
      .given({ at: [arrived5], to: [received20, sent5] })
      .when({ type: 'MoveBulk', data: { ...open, asset, from: P, to: W, quantity: 3 } })
      .then({
        at: [{ type: 'BulkAssetSent', data: { owner: P, to: W, asset, quantity: 3, action: 'Return', notes: null } }],
        to: [{ type: 'BulkAssetArrived', data: { owner: W, from: P, asset, quantity: 3, action: 'Return', settles: 3, notes: null } }],
      });
  });
  it('refuses a move past on hand with the stock rule message, and from an owner without the type', () => {
    spec
      .given({ at: [received20, sent5] })
      .when({ type: 'MoveBulk', data: { ...open, asset, from: W, to: P, quantity: 16 } })
      .thenThrows('Insufficient quantity available', 'DOMAIN_RULE');
    spec
      .given({})
      .when({ type: 'MoveBulk', data: { ...open, asset, from: W, to: P, quantity: 1 } })
      .thenThrows('Asset not found in this warehouse', 'NOT_FOUND');
    spec
      .given({})
      .when({ type: 'MoveBulk', data: { ...open, asset, from: P, to: W, quantity: 1 } })
      .thenThrows('Asset not found in this project', 'NOT_FOUND');
  });
  it('refuses while frozen, to an unknown destination, and a quantity below one', () => {
    spec
      .given({ at: [received20] })
      .when({ type: 'MoveBulk', data: { ...open, frozen: true, asset, from: W, to: P, quantity: 1 } })
      .thenThrows(M.frozen, 'FROZEN');
    spec
      .given({ at: [received20] })
      .when({ type: 'MoveBulk', data: { ...open, destination: null, asset, from: W, to: P, quantity: 1 } })
      .thenThrows(M.projectNotFound, 'NOT_FOUND');
    spec
      .given({})
      .when({ type: 'ReceiveBulk', data: { ...open, asset, at: W, quantity: 0 } })
      .thenThrows(M.quantityPositive, 'VALIDATION');
  });
  it('loses no more than on hand and finds no more than is lost, with the spec messages', () => {
    const lost4: BulkAssetEvent = { type: 'BulkAssetMarkedLost', data: { owner: W, asset, quantity: 4, notes: null } };
    spec
      .given({ at: [received20, sent5] })
      .when({ type: 'MarkBulkLost', data: { asset, at: W, quantity: 4, notes: null } })
      .then({ at: [lost4] });
    spec
      .given({ at: [received20, sent5] })
      .when({ type: 'MarkBulkLost', data: { asset, at: W, quantity: 16, notes: null } })
      .thenThrows('Cannot exceed available on-hand or field-assigned quantity (15)', 'DOMAIN_RULE');
    spec
      .given({ at: [received20, lost4] })
      .when({ type: 'MarkBulkFound', data: { asset, at: W, quantity: 5, notes: null } })
      .thenThrows('Cannot exceed outstanding lost quantity (4)', 'DOMAIN_RULE');
    spec
      .given({ at: [received20, lost4] })
      .when({ type: 'MarkBulkFound', data: { asset, at: W, quantity: 4, notes: null } })
      .then({ at: [{ type: 'BulkAssetMarkedFound', data: { owner: W, asset, quantity: 4, notes: null } }] });
  });
});
