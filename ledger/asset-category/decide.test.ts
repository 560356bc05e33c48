import { describe, it } from 'vitest';
import { ASSET_MESSAGES as M } from '../../contract/messages/assets.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { assetCategoryDecider } from './decide.ts';
import type { AssetCategoryEvent } from './events.ts';

const spec = deciderSpec(assetCategoryDecider);
const categoryId = '0b8a8c7e-1c1f-4f57-9a43-2a4a3c7b9d01';
const created: AssetCategoryEvent = { type: 'AssetCategoryCreated', data: { categoryId, name: 'Generators', kind: 'serialized' } };

describe('creating a category', () => {
  it('records a trimmed name and its kind', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCategory', data: { categoryId, name: '  Generators ', kind: 'serialized', nameTaken: false } })
      .then([created]);
  });
  it('refuses a blank name with the spec message', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCategory', data: { categoryId, name: '  ', kind: 'bulk', nameTaken: false } })
      .thenThrows(M.categoryRequired, 'VALIDATION');
  });
  it('refuses a name another live category has', () => {
    spec
      .given([])
      .when({ type: 'CreateAssetCategory', data: { categoryId, name: 'Cable', kind: 'bulk', nameTaken: true } })
      .thenThrows(M.categoryNameTaken, 'CONFLICT');
  });
});

describe('editing a category', () => {
  it('renames it', () => {
    spec
      .given([created])
      .when({ type: 'EditAssetCategory', data: { name: 'Power', kind: 'serialized', nameTaken: false, usedBy: ['GEN-1'] } })
      .then([{ type: 'AssetCategoryEdited', data: { categoryId, name: 'Power', kind: 'serialized' } }]);
  });
  it('records nothing when nothing changes', () => {
    spec
      .given([created])
      .when({ type: 'EditAssetCategory', data: { name: 'Generators', kind: 'serialized', nameTaken: false, usedBy: [] } })
      .then([]);
  });
  it('refuses to change the kind while catalog items use it, naming them', () => {
    spec
      .given([created])
      .when({ type: 'EditAssetCategory', data: { name: 'Generators', kind: 'bulk', nameTaken: false, usedBy: ['GEN-1'] } })
      .thenThrows('The kind cannot change while catalog items use this category (GEN-1).', 'DOMAIN_RULE');
  });
  it('refuses a category that does not exist or was deleted', () => {
    spec
      .given([])
      .when({ type: 'EditAssetCategory', data: { name: 'X', kind: 'bulk', nameTaken: false, usedBy: [] } })
      .thenThrows(M.categoryNotFound, 'NOT_FOUND');
    spec
      .given([created, { type: 'AssetCategoryDeleted', data: { categoryId } }])
      .when({ type: 'EditAssetCategory', data: { name: 'X', kind: 'bulk', nameTaken: false, usedBy: [] } })
      .thenThrows(M.categoryNotFound, 'NOT_FOUND');
  });
});

describe('deleting a category', () => {
  it('deletes an unused one as an event', () => {
    spec
      .given([created])
      .when({ type: 'DeleteAssetCategory', data: { usedBy: [] } })
      .then([{ type: 'AssetCategoryDeleted', data: { categoryId } }]);
  });
  it('refuses one that catalog items use and says which', () => {
    spec
      .given([created])
      .when({ type: 'DeleteAssetCategory', data: { usedBy: ['GEN-1', 'GEN-2'] } })
      .thenThrows('This category is used by 2 catalog items (GEN-1, GEN-2); delete or move them first.', 'DOMAIN_RULE');
  });
});
