/** Catalogue commands: renaming or renumbering a part (the catalogue is shared by every project). */
import { sql } from 'kysely';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { materialDecider } from '../../ledger/material/decide.ts';
import { materialStreamId } from '../../ledger/material/events.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';

import { PART_NUMBER_TAKEN } from '../../contract/messages.ts';

export interface EditMaterialInput {
  materialId: string;
  partName: string;
  partNickname: string;
  newPartNumber: string | null;
  note: string | null;
}

const editHandler = foldedStreamHandler({
  name: 'edit-material',
  decider: materialDecider,
  streamId: (input: EditMaterialInput) => materialStreamId(input.materialId),
  // A renumbering onto a number another part holds is refused; two renumberings racing to the same
  // number collide on the unique index and the loser is decided again, then refused here.
  retryOn: ['materials_part_number_key', 'materials_part_number_lower'],
  async lookup(trx, inputs) {
    const wanted = inputs.map((i) => i.newPartNumber?.trim() ?? '');
    const { rows } = await sql<{ ord: number; taken: boolean }>`
      select i.ord, exists (select 1 from materials m where lower(m.part_number) = lower(i.part) and m.material_id <> i.material_id) as taken
        from unnest(${inputs.map((_, i) => i)}::int4[], ${wanted}::text[], ${inputs.map((i) => i.materialId)}::uuid[]) as i (ord, part, material_id)
       order by i.ord`.execute(trx);
    return rows.map((r) => Boolean(r.taken));
  },
  command(input, _state, taken) {
    if (taken) throw new DomainError('CONFLICT', PART_NUMBER_TAKEN);
    return {
      type: 'EditMaterialDetails' as const,
      data: { partName: input.partName, partNickname: input.partNickname, newPartNumber: input.newPartNumber, note: input.note },
    };
  },
});

export function editMaterial(store: EventStore, input: EditMaterialInput, options: CommandOptions) {
  return runCommand(store, editHandler, input, options);
}
