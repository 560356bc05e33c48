/**
 * Second-factor commands on the person's stream. The decision is the ledger's (decide-factors.ts);
 * the secret it concerns (a passkey's key, the authenticator secret, recovery code hashes) is written
 * by the command's own `write`, in the same transaction as the event: both or neither.
 */
import type { CommandHandler, CommandOptions } from '../../../ledger/command.ts';
import { runCommand } from '../../../ledger/command-runner.ts';
import type { EventStore, Trx } from '../../../ledger/event-store/event-store.ts';
import { type FoldedContext, loadFolded } from '../../../ledger/stream-handler.ts';
import type { SecondFactorCommand } from '../../../ledger/user/commands.ts';
import { userDecider } from '../../../ledger/user/decide.ts';
import { type UserEvent, userStreamId } from '../../../ledger/user/events.ts';
import type { UserState } from '../../../ledger/user/state.ts';

interface FactorStep {
  command: SecondFactorCommand;
  /** The secret's row(s), written only when the decider accepted every step. */
  write?: (trx: Trx) => Promise<void>;
}

interface FactorChange extends FactorStep {
  userId: string;
}

interface FactorSteps {
  userId: string;
  steps: readonly FactorStep[];
}

/** Decides the steps in order, each on the state the earlier ones left: one refusal refuses them all. */
const factorHandler: CommandHandler<FactorSteps, FoldedContext<UserState, UserEvent, undefined>, null> = {
  name: 'second-factor',
  async load(trx, inputs) {
    const streams = await loadFolded(
      trx,
      userDecider,
      inputs.map((input) => userStreamId(input.userId)),
    );
    return streams.map((self) => ({ streams: { self }, lookup: undefined }));
  },
  decide(input, context) {
    let state = context.streams.self.state;
    const events: UserEvent[] = [];
    for (const step of input.steps) {
      const decided = userDecider.decide(step.command, state);
      state = decided.reduce(userDecider.evolve, state);
      events.push(...decided);
    }
    return { appends: [{ streamId: context.streams.self.streamId, events }], result: null };
  },
  async write(trx, accepted) {
    for (const { input } of accepted) for (const step of input.steps) await step.write?.(trx);
  },
};

export async function changeFactors(store: EventStore, change: FactorChange, options: CommandOptions): Promise<void> {
  const { userId, ...step } = change;
  await runCommand(store, factorHandler, { userId, steps: [step] }, options);
}

/** Several changes of one person's factors as one command: their events and rows commit together or not at all. */
export async function changeFactorsTogether(store: EventStore, userId: string, steps: readonly FactorStep[], options: CommandOptions): Promise<void> {
  await runCommand(store, factorHandler, { userId, steps }, options);
}
