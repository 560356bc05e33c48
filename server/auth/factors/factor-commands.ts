/**
 * Second-factor commands on the person's stream. The decision is the ledger's (decide-factors.ts);
 * the secret it concerns (a passkey's key, the authenticator secret, recovery code hashes) is written
 * by the command's own `write`, in the same transaction as the event: both or neither.
 */
import type { CommandOptions } from '../../../ledger/command.ts';
import { runCommand } from '../../../ledger/command-runner.ts';
import type { Trx } from '../../../ledger/event-store/event-store.ts';
import type { EventStore } from '../../../ledger/event-store/event-store.ts';
import { foldedStreamHandler } from '../../../ledger/stream-handler.ts';
import type { SecondFactorCommand } from '../../../ledger/user/commands.ts';
import { userDecider } from '../../../ledger/user/decide.ts';
import { userStreamId } from '../../../ledger/user/events.ts';

interface FactorChange {
  userId: string;
  command: SecondFactorCommand;
  /** The secret's row(s), written only when the decider accepted the command. */
  write?: (trx: Trx) => Promise<void>;
}

const factorHandler = foldedStreamHandler({
  name: 'second-factor',
  decider: userDecider,
  streamId: (input: FactorChange) => userStreamId(input.userId),
  command: (input) => input.command,
  async write(trx, accepted) {
    for (const { input } of accepted) await input.write?.(trx);
  },
});

export async function changeFactors(store: EventStore, change: FactorChange, options: CommandOptions): Promise<void> {
  await runCommand(store, factorHandler, change, options);
}
