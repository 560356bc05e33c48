import { describe, expect, it } from 'vitest';
import { ASSET_MESSAGES as M } from '../../contract/messages/assets.ts';
import { SCAN_BATCH_MESSAGES } from '../../contract/scan.ts';
import type { CatalogLookup } from '../asset/commands.ts';
import { assetInstanceDecider } from '../asset/decide.ts';
import { type AssetInstanceEvent, assetStreamId, type Owner } from '../asset/events.ts';
import { byStream } from '../testing/by-stream.ts';
import { multiStreamSpec } from '../testing/multi-stream-spec.ts';
import type { AssetScanCommand, ScannedInstance, ScannedSerial } from './commands.ts';
import { BatchRefused, decideAssetScan } from './decide.ts';

const spec = multiStreamSpec({ instances: byStream(assetInstanceDecider, (e: AssetInstanceEvent) => assetStreamId(e.data.instanceId)) }, decideAssetScan);

const W: Owner = { type: 'warehouse', id: '7c0d1f5e-3c55-4a43-9b1e-2f0a2f3a9d11' };
const P: Owner = { type: 'project', id: '1e2d3c4b-5a69-4788-9aab-bccddeeff001' };
const P2: Owner = { type: 'project', id: '2e2d3c4b-5a69-4788-9aab-bccddeeff002' };
const user = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const gen: CatalogLookup = {
  catalogId: id(900),
  assetNumber: 'GEN-1',
  assetName: 'Generator',
  categoryName: 'Power',
  kind: 'serialized',
  serialRequired: true,
};
const cones: CatalogLookup = { ...gen, catalogId: id(901), assetNumber: 'CONE', assetName: 'Cones', kind: 'bulk' };

const serial = (n: number, serialNumber: string, over: Partial<ScannedSerial> = {}): ScannedSerial => ({
  instanceId: id(n),
  serialNumber,
  assetNumber: 'GEN-1',
  catalog: gen,
  serialTaken: false,
  ...over,
});
const receive = (lines: ScannedSerial[], over: object = {}): AssetScanCommand => ({
  type: 'ReceiveScannedInstances',
  data: { frozen: false, to: W, destination: { active: true }, parentWarehouseId: null, parent: null, condition: null, notes: 'box 7', lines, ...over },
});
const received = (n: number, serialNumber: string): AssetInstanceEvent => ({
  type: 'AssetInstanceReceived',
  data: {
    instanceId: id(n),
    asset: { catalogId: gen.catalogId, assetNumber: 'GEN-1', assetName: 'Generator', serialNumber },
    to: W,
    condition: 'good',
    notes: 'box 7',
    parentWarehouseId: W.id,
    originWarehouseId: W.id,
    metadata: { asset_name: 'Generator', asset_category: 'Power', serial_required: true },
  },
});

/** The refusal of each line, null where the line would have passed. */
function refusals(command: AssetScanCommand, history: AssetInstanceEvent[] = []): ReadonlyArray<string | null> {
  const states = history.reduce(byStream(assetInstanceDecider, (e: AssetInstanceEvent) => assetStreamId(e.data.instanceId)).evolve, {});
  try {
    decideAssetScan(command, { instances: states });
  } catch (error) {
    expect(error).toBeInstanceOf(BatchRefused);
    return (error as BatchRefused).refusals;
  }
  throw new Error('expected the batch to be refused');
}

describe('receiving a box of scanned serials', () => {
  it('receives every serial as a new instance of its type, each on its own stream, in one decision', () => {
    spec
      .given({})
      .when(receive([serial(1, ' SN-1 '), serial(2, 'SN-2'), serial(3, 'SN-3')]))
      .then({ instances: [received(1, 'SN-1'), received(2, 'SN-2'), received(3, 'SN-3')] });
  });

  it('refuses an unknown asset number, a bulk type and a serial the type holds, and records nothing', () => {
    const command = receive([
      serial(1, 'SN-1'),
      serial(2, 'SN-2', { assetNumber: 'NOPE-9', catalog: null }),
      serial(3, 'SN-3', { assetNumber: 'CONE', catalog: cones }),
      serial(4, 'SN-4', { serialTaken: true }),
    ]);
    expect(refusals(command)).toEqual([null, 'Asset type NOPE-9 not found', M.bulkNeedsQuantity, M.serialTaken]);
    spec.given({}).when(command).thenThrows('Asset type NOPE-9 not found', 'DOMAIN_RULE');
  });

  it('refuses a serial scanned twice in the batch (whatever its case), the first scan passing', () => {
    expect(refusals(receive([serial(1, 'SN-1'), serial(2, 'sn-1 '), serial(3, 'SN-3')]))).toEqual([null, SCAN_BATCH_MESSAGES.duplicateInBatch, null]);
  });

  it('takes one serial under two types as two instances', () => {
    const other = { ...gen, catalogId: id(902), assetNumber: 'GEN-2' };
    const events = decideAssetScan(receive([serial(1, 'SN-1'), serial(2, 'SN-1', { assetNumber: 'GEN-2', catalog: other })]), { instances: {} });
    expect(events.instances.map((e) => e.data.asset.assetNumber)).toEqual(['GEN-1', 'GEN-2']);
  });

  it('refuses every line while the site is frozen', () => {
    expect(refusals(receive([serial(1, 'SN-1'), serial(2, 'SN-2')], { frozen: true }))).toEqual([M.frozen, M.frozen]);
  });

  it('into a project, refuses every line without the warehouse they belong to', () => {
    expect(refusals(receive([serial(1, 'SN-1')], { to: P }))).toEqual([M.parentWarehouseRequired]);
  });
});

const scanned = (n: number): ScannedInstance => ({ instanceId: id(n), refusal: null });
const inUse = (lines: ScannedInstance[], over: object = {}): AssetScanCommand => ({
  type: 'SetScannedInUse',
  data: { frozen: false, inUse: true, userId: user, memberOf: [P.id], notes: null, lines, ...over },
});
const asset = (n: number) => ({ catalogId: gen.catalogId, assetNumber: 'GEN-1', assetName: 'Generator', serialNumber: `SN-${n}` });
const at = (n: number, owner: Owner): AssetInstanceEvent[] => [
  { ...received(n, `SN-${n}`) },
  ...(owner.type === 'project'
    ? [{ type: 'AssetInstanceMoved' as const, data: { instanceId: id(n), asset: asset(n), from: W, to: owner, action: 'Assign' as const, notes: null } }]
    : []),
];
const markedInUse = (n: number): AssetInstanceEvent => ({
  type: 'AssetInstanceMarkedInUse',
  data: { instanceId: id(n), asset: asset(n), owner: P, userId: user, notes: null },
});

describe('checking out or returning several scanned assets', () => {
  it('marks every instance in use for the member, each on its own stream', () => {
    spec
      .given({ instances: [...at(1, P), ...at(2, P)] })
      .when(inUse([scanned(1), scanned(2)]))
      .then({ instances: [markedInUse(1), markedInUse(2)] });
  });

  it('returns every in-use instance from use', () => {
    const available = (n: number): AssetInstanceEvent => ({
      type: 'AssetInstanceMarkedAvailable',
      data: { instanceId: id(n), asset: asset(n), owner: P, userId: user, notes: null },
    });
    spec
      .given({ instances: [...at(1, P), markedInUse(1), ...at(2, P), markedInUse(2)] })
      .when(inUse([scanned(1), scanned(2)], { inUse: false, userId: null }))
      .then({ instances: [available(1), available(2)] });
  });

  it("refuses per line by the instance's own rules, a code that named nothing and a second scan, and records nothing", () => {
    const command = inUse([scanned(1), scanned(2), scanned(3), { instanceId: null, refusal: 'No match for “XYZ”.' }, scanned(4), scanned(1)]);
    const history = [...at(1, P), ...at(2, W), ...at(3, P), markedInUse(3), ...at(4, P2)];
    expect(refusals(command, history)).toEqual([
      null,
      M.inUseOnlyInProject,
      M.alreadyInUse,
      'No match for “XYZ”.',
      M.notAMember,
      SCAN_BATCH_MESSAGES.duplicateInBatch,
    ]);
  });

  it('refuses to return an instance that is not in use', () => {
    expect(refusals(inUse([scanned(1)], { inUse: false, userId: null }), at(1, P))).toEqual([M.onlyInUseUnassigned]);
  });
});
