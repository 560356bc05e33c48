import { SCAN_BATCH_MESSAGES } from '@contract/scan.ts';
import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, type BatchChoice, batchProblem, inUseBody, lineCode, lineFlags, receiveBody, resultsByLine } from './batch-rules.ts';

const W1 = '11111111-1111-4111-8111-111111111111';
const P1 = '22222222-2222-4222-8222-222222222222';
const LINK = 'https://stock.example/warehouses?mode=assets&track=33333333-3333-4333-8333-333333333333';
const choice: BatchChoice = { ownerType: 'warehouse', ownerId: W1, parentWarehouseId: null, assetNumber: 'LAP-01', userId: null };
const line = (id: number, code: string) => ({ id, code });

describe('the rules of a scan batch', () => {
  it('keeps a serial as read (a scanner’s tab read as a space, trimmed) and flags a repeat without case', () => {
    expect(lineCode(' SN\t1 ')).toBe('SN 1');
    const flags = lineFlags([line(1, 'SN-1'), line(2, 'sn-1'), line(3, 'SN-2')], 'receive');
    expect([...flags.values()]).toEqual([SCAN_BATCH_MESSAGES.duplicateInBatch, SCAN_BATCH_MESSAGES.duplicateInBatch, null]);
  });

  it('takes an asset’s link to check out or return it, but not as a serial to receive', () => {
    expect(lineFlags([line(1, LINK)], 'receive').get(1)).toBe(BATCH_MESSAGES.notSerial);
    expect(lineFlags([line(1, LINK)], 'return').get(1)).toBeNull();
    expect(inUseBody([line(1, LINK)], 'return', choice)).toEqual({ in_use: false, lines: [{ code: LINK }] });
  });

  it('says what is missing before sending', () => {
    const one = [line(1, 'SN-1')];
    expect(batchProblem([], 'receive', choice)).toBe(SCAN_BATCH_MESSAGES.emptyBatch);
    expect(batchProblem(one, 'receive', { ...choice, assetNumber: null })).toBe(BATCH_MESSAGES.chooseType);
    expect(batchProblem(one, 'receive', { ...choice, ownerType: 'project', ownerId: P1 })).toBe(BATCH_MESSAGES.chooseParent);
    expect(batchProblem(one, 'check-out', choice)).toBe(BATCH_MESSAGES.choosePerson);
    expect(batchProblem(one, 'receive', choice)).toBeNull();
  });

  it('sends a project receive with the warehouse the new assets belong to', () => {
    expect(receiveBody([line(1, 'SN-1')], { ...choice, ownerType: 'project', ownerId: P1, parentWarehouseId: W1 })).toEqual({
      to_owner_type: 'project',
      to_owner_id: P1,
      asset_number: 'LAP-01',
      parent_warehouse_id: W1,
      lines: [{ serial_number: 'SN-1' }],
    });
  });

  it('matches each result to its line by number, counting from 1', () => {
    const answer = {
      applied: false,
      results: [
        { line: 2, code: 'B', ok: false, status: 'Refused', instance_id: null },
        { line: 1, code: 'A', ok: false, status: SCAN_BATCH_MESSAGES.notApplied, instance_id: null },
      ],
      summary: { ok: 0, failed: 1, not_applied: 1 },
    };
    const byLine = resultsByLine([line(7, 'A'), line(9, 'B')], answer);
    expect(byLine.get(7)?.code).toBe('A');
    expect(byLine.get(9)?.status).toBe('Refused');
  });
});
