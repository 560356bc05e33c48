/**
 * Commands of the site's saved label media: one folded stream (`label-media:site`) holds them all,
 * so the decider sees every name when it refuses a duplicate. A few hundred small events at most.
 */
import { randomUUID } from 'node:crypto';
import type { Medium } from '../../contract/label-media.ts';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { LabelMediaCommand } from '../../ledger/label-media/commands.ts';
import { labelMediaDecider } from '../../ledger/label-media/decide.ts';
import { LABEL_MEDIA_STREAM } from '../../ledger/label-media/events.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';

type MediumInput = { type: 'save' | 'change'; mediumId: string; name: string; medium: Medium } | { type: 'delete'; mediumId: string };

const mediaHandler = foldedStreamHandler({
  name: 'label-media',
  decider: labelMediaDecider,
  streamId: (_input: MediumInput) => LABEL_MEDIA_STREAM,
  command(input): LabelMediaCommand {
    if (input.type === 'delete') return { type: 'DeleteLabelMedium', data: { mediumId: input.mediumId } };
    const data = { mediumId: input.mediumId, name: input.name, medium: input.medium };
    return input.type === 'save' ? { type: 'SaveLabelMedium', data } : { type: 'ChangeLabelMedium', data };
  },
});

/** Saves a medium under a name for the whole site; returns its new id. */
export async function saveMedium(store: EventStore, input: { name: string; medium: Medium }, options: CommandOptions): Promise<string> {
  const mediumId = randomUUID();
  await runCommand(store, mediaHandler, { type: 'save', mediumId, ...input }, options);
  return mediumId;
}

export async function changeMedium(store: EventStore, input: { mediumId: string; name: string; medium: Medium }, options: CommandOptions): Promise<void> {
  await runCommand(store, mediaHandler, { type: 'change', ...input }, options);
}

export async function deleteMedium(store: EventStore, input: { mediumId: string }, options: CommandOptions): Promise<void> {
  await runCommand(store, mediaHandler, { type: 'delete', ...input }, options);
}
