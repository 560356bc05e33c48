/**
 * Adding a part to the shared catalogue on its own, from the Material Catalog (a receive adds one
 * on the way; this adds one before any stock exists). Part numbers are unique without case.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { materialDecider } from '../../ledger/material/decide.ts';
import { materialStreamId } from '../../ledger/material/events.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import { PART_NUMBER_TAKEN } from '../../contract/messages.ts';

interface DefineInput {
  materialId: string;
  partNumber: string;
  partName: string;
  partNickname: string;
}

const defineHandler = foldedStreamHandler({
  name: 'define-material',
  decider: materialDecider,
  streamId: (input: DefineInput) => materialStreamId(input.materialId),
  // Two people adding one number at once collide on the unique index; the loser is refused here.
  retryOn: ['materials_part_number_key', 'materials_part_number_lower'],
  async lookup(trx, inputs) {
    const { rows } = await sql<{ ord: number; taken: boolean }>`
      select i.ord, exists (select 1 from materials m where lower(m.part_number) = lower(i.part)) as taken
        from unnest(${inputs.map((_, i) => i)}::int4[], ${inputs.map((i) => i.partNumber.trim())}::text[]) as i (ord, part)
       order by i.ord`.execute(trx);
    return rows.map((r) => Boolean(r.taken));
  },
  command(input, _state, taken) {
    if (taken) throw new DomainError('CONFLICT', PART_NUMBER_TAKEN);
    return { type: 'DefineMaterial' as const, data: input };
  },
});

/** Adds a part to the catalogue; answers its id. */
export async function definePart(store: EventStore, part: Omit<DefineInput, 'materialId'>, options: CommandOptions): Promise<string> {
  const materialId = randomUUID();
  await runCommand(store, defineHandler, { materialId, ...part }, options);
  return materialId;
}
