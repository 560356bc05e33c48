import { describe, it } from 'vitest';
import { materialDecider } from '../material/decide.ts';
import type { MaterialEvent } from '../material/events.ts';
import { stockItemDecider } from '../stock-item/decide.ts';
import type { StockItemEvent } from '../stock-item/events.ts';
import { normalizePlace } from '../../contract/place.ts';
import { multiStreamSpec } from '../testing/multi-stream-spec.ts';
import { WAREHOUSE_MESSAGES } from '../../contract/messages/warehouses.ts';
import type { ReceivedPart } from './commands.ts';
import { decideMaterialReceipt } from './decide.ts';
import { NEW_PART_NEEDS_NAMES } from '../../contract/messages.ts';

const spec = multiStreamSpec({ material: materialDecider, item: stockItemDecider }, decideMaterialReceipt);

const project = { kind: 'project' as const, id: 'p-1' };
const warehouse = { kind: 'warehouse' as const, id: 'w-1' };
const typed: ReceivedPart = { newMaterialId: 'm-new', partNumber: ' BLT-10 ', partName: ' Bolt M10 ', partNickname: 'Bolt' };
const defined: MaterialEvent = { type: 'MaterialDefined', data: { materialId: 'm-new', partNumber: 'BLT-10', partName: 'Bolt M10', partNickname: 'Bolt' } };
const known: MaterialEvent = { type: 'MaterialDefined', data: { materialId: 'm-1', partNumber: 'BLT-10', partName: 'Bolt M10 zinc', partNickname: 'Bolt' } };
const intoProject = (quantity: number, part: ReceivedPart = typed, frozen = false) =>
  ({ type: 'ReceiveIntoProject', data: { part, location: project, quantity, frozen } }) as const;
const gate = { frozen: false, warehouse: { active: true, label: '#1 · North Yard' } };
const rackA = normalizePlace({ rack: 'A' });
const intoWarehouse = (quantity: number, part: ReceivedPart = typed) =>
  ({ type: 'ReceiveIntoWarehouse', data: { ...gate, part, location: warehouse, quantity, note: null, place: rackA } }) as const;

describe('receiving a part new to the catalogue', () => {
  it('defines the part with the typed names trimmed and receives it into the project, one command over both streams', () => {
    spec
      .given({})
      .when(intoProject(5))
      .then({
        material: [defined],
        item: [{ type: 'MaterialReceived', data: { location: project, materialId: 'm-new', partNumber: 'BLT-10', partName: 'Bolt M10', quantity: 5 } }],
      });
  });

  it('defines the part and receives it at a warehouse place', () => {
    spec
      .given({})
      .when(intoWarehouse(7))
      .then({
        material: [defined],
        item: [
          {
            type: 'MaterialReceived',
            data: { location: warehouse, materialId: 'm-new', partNumber: 'BLT-10', partName: 'Bolt M10', quantity: 7, place: rackA },
          },
        ],
      });
  });

  it('refuses a new part without a name or a nickname, defining nothing', () => {
    spec
      .given({})
      .when(intoProject(5, { ...typed, partNickname: ' ' }))
      .thenThrows(NEW_PART_NEEDS_NAMES, 'VALIDATION');
    spec
      .given({})
      .when(intoWarehouse(5, { ...typed, partName: null }))
      .thenThrows(NEW_PART_NEEDS_NAMES, 'VALIDATION');
  });

  it('refuses as a whole when the receive is refused: the part is not defined either', () => {
    spec
      .given({})
      .when(intoProject(5, typed, true))
      .thenThrows('Transactions are frozen', 'FROZEN');
    spec.given({}).when(intoWarehouse(0)).thenThrows(WAREHOUSE_MESSAGES.quantityAtLeastOne, 'VALIDATION');
  });
});

describe('receiving a part the catalogue has', () => {
  const received = (quantity: number): StockItemEvent => ({
    type: 'MaterialReceived',
    data: { location: project, materialId: 'm-1', partNumber: 'BLT-10', partName: 'Bolt M10 zinc', quantity },
  });

  it("receives under the catalogue's number and name, whatever was typed, and defines nothing", () => {
    spec
      .given({ material: [known] })
      .when(intoProject(3, { ...typed, partName: null, partNickname: null }))
      .then({ item: [received(3)] });
  });

  it("adds to the location's stock as it stands", () => {
    spec
      .given({ material: [known], item: [received(10)] })
      .when(intoProject(2))
      .then({ item: [received(2)] });
  });
});
