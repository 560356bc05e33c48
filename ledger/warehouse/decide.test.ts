import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { warehouseDecider } from './decide.ts';
import type { WarehouseEvent } from './events.ts';
import { WAREHOUSE_MESSAGES as M } from '../../contract/messages/warehouses.ts';

const spec = deciderSpec(warehouseDecider);
const warehouseId = '7c0d1f5e-3c55-4a43-9b1e-2f0a2f3a9d11';
const created: WarehouseEvent = {
  type: 'WarehouseCreated',
  data: { warehouseId, numId: 3, name: 'North Yard', location: 'Gate 4', capacitySummary: '40 racks' },
};
const deactivated: WarehouseEvent = { type: 'WarehouseDeactivated', data: { warehouseId } };

describe('creating a warehouse', () => {
  it('records it with the number it was given, trimmed, blank yard details as none', () => {
    spec
      .given([])
      .when({ type: 'CreateWarehouse', data: { warehouseId, numId: 3, name: '  North Yard ', location: ' ', capacitySummary: '40 racks' } })
      .then([{ type: 'WarehouseCreated', data: { warehouseId, numId: 3, name: 'North Yard', location: null, capacitySummary: '40 racks' } }]);
  });

  it('refuses a blank name', () => {
    spec
      .given([])
      .when({ type: 'CreateWarehouse', data: { warehouseId, numId: 1, name: '   ', location: null, capacitySummary: null } })
      .thenThrows(M.nameRequired, 'VALIDATION');
  });

  it('refuses to create the same warehouse twice', () => {
    spec
      .given([created])
      .when({ type: 'CreateWarehouse', data: { warehouseId, numId: 4, name: 'Again', location: null, capacitySummary: null } })
      .thenThrows('This warehouse already exists.', 'CONFLICT');
  });
});

describe('editing a warehouse', () => {
  it('changes what was sent and keeps the rest', () => {
    spec
      .given([created])
      .when({ type: 'EditWarehouse', data: { name: 'North Yard East' } })
      .then([{ type: 'WarehouseEdited', data: { warehouseId, name: 'North Yard East', location: 'Gate 4', capacitySummary: '40 racks' } }]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([created])
      .when({ type: 'EditWarehouse', data: { name: 'North Yard', location: 'Gate 4' } })
      .then([]);
  });

  it('refuses a blank new name', () => {
    spec
      .given([created])
      .when({ type: 'EditWarehouse', data: { name: ' ' } })
      .thenThrows(M.nameRequired, 'VALIDATION');
  });

  it('refuses a warehouse that does not exist', () => {
    spec
      .given([])
      .when({ type: 'EditWarehouse', data: { name: 'X' } })
      .thenThrows(M.notFound, 'NOT_FOUND');
  });
});

describe('deactivating and reactivating', () => {
  it('deactivates an empty warehouse', () => {
    spec
      .given([created])
      .when({ type: 'DeactivateWarehouse', data: { unitsHeld: 0 } })
      .then([deactivated]);
  });

  it('refuses to deactivate a warehouse holding stock, and says so', () => {
    spec
      .given([created])
      .when({ type: 'DeactivateWarehouse', data: { unitsHeld: 1 } })
      .thenThrows(M.hasStock, 'DOMAIN_RULE');
  });

  it('refuses to deactivate twice', () => {
    spec
      .given([created, deactivated])
      .when({ type: 'DeactivateWarehouse', data: { unitsHeld: 0 } })
      .thenThrows(M.alreadyInactive, 'CONFLICT');
  });

  it('reactivates a deactivated warehouse, keeping its number', () => {
    spec
      .given([created, deactivated])
      .when({ type: 'ReactivateWarehouse', data: {} })
      .then([{ type: 'WarehouseReactivated', data: { warehouseId } }]);
  });

  it('refuses to reactivate an active warehouse', () => {
    spec.given([created]).when({ type: 'ReactivateWarehouse', data: {} }).thenThrows(M.alreadyActive, 'CONFLICT');
  });
});
