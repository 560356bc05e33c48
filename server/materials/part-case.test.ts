import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../ledger/errors.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { editMaterial } from './material-commands.ts';
import { runStock } from './stock-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let location: { kind: 'project'; id: string };
const options = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  location = { kind: 'project', id: await createProject(runtime.store, { name: 'Case', customer: null, number: 'CS-1' }, options) };
});
afterAll(async () => {
  await runtime.close();
});

describe('part numbers without case', () => {
  it('finds BRK-011 when a person types brk-011, and keeps the number as first written', async () => {
    await runStock(runtime.store, { type: 'receive', location, partNumber: 'BRK-011', quantity: 5, partName: 'Bracket', partNickname: 'Bracket' }, options);
    const again = await runStock(
      runtime.store,
      { type: 'receive', location, partNumber: 'brk-011', quantity: 2, partName: 'Other', partNickname: 'Other' },
      options,
    );
    expect(again.result).toMatchObject({ created: false, item: { PartNumber: 'BRK-011', QtyOnHand: 7 } });
    const returned = await runStock(runtime.store, { type: 'return', location, partNumber: 'Brk-011', quantity: 1, binInfo: null }, options);
    expect(returned.result.item.QtyOnHand).toBe(6);
    const catalogue = await runtime.store.db.selectFrom('materials').select('part_number').where('part_number', 'ilike', 'brk-011').execute();
    expect(catalogue).toEqual([{ part_number: 'BRK-011' }]);
  });

  it('refuses renumbering a part onto another part number that differs only by case', async () => {
    await runStock(runtime.store, { type: 'receive', location, partNumber: 'NUT-1', quantity: 1, partName: 'Nut', partNickname: 'Nut' }, options);
    const nut = await runtime.store.db.selectFrom('materials').select('material_id').where('part_number', '=', 'NUT-1').executeTakeFirstOrThrow();
    const renumber = editMaterial(
      runtime.store,
      { materialId: nut.material_id, partName: 'Nut', partNickname: 'Nut', newPartNumber: 'brk-011', note: null },
      options,
    );
    await expect(renumber).rejects.toSatisfy((e) => e instanceof DomainError && e.message === 'Part number already exists');
  });
});
