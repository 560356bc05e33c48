import { describe, it } from 'vitest';
import { ASSET_MESSAGES as M } from '../../contract/messages/assets.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { CatalogInput } from './commands.ts';
import { assetCatalogDecider } from './decide.ts';
import type { AssetCatalogEvent } from './events.ts';

const spec = deciderSpec(assetCatalogDecider);
const catalogId = '5d7e4f0a-9a0b-4c55-8d21-7f1e2b3c4d05';
const categoryId = '0b8a8c7e-1c1f-4f57-9a43-2a4a3c7b9d01';
const input: CatalogInput = {
  assetNumber: ' GEN-1 ',
  assetName: 'Generator 5 kW',
  assetNickname: null,
  catalogName: 'Power',
  categoryId,
  serialRequired: undefined,
  category: { kind: 'serialized' },
  numberTaken: false,
};
const details = { assetNumber: 'GEN-1', assetName: 'Generator 5 kW', assetNickname: '', catalogName: 'Power', categoryId, serialRequired: true };
const created: AssetCatalogEvent = { type: 'AssetCatalogItemCreated', data: { catalogId, ...details } };

describe('creating a catalog item', () => {
  it('records it trimmed; a serialized category needs serials unless told otherwise', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId } })
      .then([created]);
  });
  it('keeps serial_required false when asked in a serialized category', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId, serialRequired: false } })
      .then([{ type: 'AssetCatalogItemCreated', data: { catalogId, ...details, serialRequired: false } }]);
  });
  it('never requires serials in a bulk category, and refuses being asked to', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId, category: { kind: 'bulk' } } })
      .then([{ type: 'AssetCatalogItemCreated', data: { catalogId, ...details, serialRequired: false } }]);
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId, category: { kind: 'bulk' }, serialRequired: true } })
      .thenThrows(M.bulkNoSerials, 'VALIDATION');
  });
  it('refuses a blank number or name with the spec message', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId, assetNumber: ' ' } })
      .thenThrows('Asset number and name are required', 'VALIDATION');
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId, assetName: '' } })
      .thenThrows('Asset number and name are required', 'VALIDATION');
  });
  it('refuses a category that does not exist and a number already taken', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId, category: null } })
      .thenThrows(M.categoryNotFound, 'NOT_FOUND');
    spec
      .given([])
      .when({ type: 'CreateAssetCatalogItem', data: { ...input, catalogId, numberTaken: true } })
      .thenThrows(M.assetNumberTaken, 'CONFLICT');
  });
});

describe('editing a catalog item', () => {
  it('records the change, and nothing when nothing changes', () => {
    spec
      .given([created])
      .when({ type: 'EditAssetCatalogItem', data: { ...input, assetName: 'Generator 6 kW', instances: 0, units: 0 } })
      .then([{ type: 'AssetCatalogItemEdited', data: { catalogId, ...details, assetName: 'Generator 6 kW' } }]);
    spec
      .given([created])
      .when({ type: 'EditAssetCatalogItem', data: { ...input, instances: 3, units: 0 } })
      .then([]);
  });
  it('refuses moving a type with instances to a bulk category', () => {
    spec
      .given([created])
      .when({
        type: 'EditAssetCatalogItem',
        data: { ...input, categoryId: '9f9f9f9f-1c1f-4f57-9a43-2a4a3c7b9d01', category: { kind: 'bulk' }, instances: 2, units: 0 },
      })
      .thenThrows('This catalog item is used by 2 instances; it cannot move to a category of the other kind.', 'DOMAIN_RULE');
  });
  it('refuses an item that does not exist', () => {
    spec
      .given([])
      .when({ type: 'EditAssetCatalogItem', data: { ...input, instances: 0, units: 0 } })
      .thenThrows(M.catalogNotFound, 'NOT_FOUND');
  });
});

describe('deleting a catalog item', () => {
  it('deletes an unused item as an event', () => {
    spec
      .given([created])
      .when({ type: 'DeleteAssetCatalogItem', data: { instances: 0, units: 0 } })
      .then([{ type: 'AssetCatalogItemDeleted', data: { catalogId } }]);
  });
  it('refuses an item that instances or bulk units use, saying what uses it', () => {
    spec
      .given([created])
      .when({ type: 'DeleteAssetCatalogItem', data: { instances: 1, units: 0 } })
      .thenThrows('This catalog item is used by 1 instance; it cannot be deleted.', 'DOMAIN_RULE');
    spec
      .given([created])
      .when({ type: 'DeleteAssetCatalogItem', data: { instances: 2, units: 7 } })
      .thenThrows('This catalog item is used by 2 instances and 7 bulk units; it cannot be deleted.', 'DOMAIN_RULE');
  });
});
