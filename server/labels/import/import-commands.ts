/**
 * The commands of an import job: one batch of an import, and the undo of a whole import. A batch
 * is appended with the idempotency key `label-import:<job>:<batch>` and moves the job's progress
 * (`batches_done`) in the same transaction, so a batch is on the ledger exactly when the job says
 * so: a process killed mid-batch leaves neither, and the batch written again after a restart is
 * answered from its first result instead of being appended twice.
 */
import type { CommandContext, CommandHandler, CommandOptions, LoadedStream } from '../../../ledger/command.ts';
import { runCommand } from '../../../ledger/command-runner.ts';
import { DomainError } from '../../../ledger/errors.ts';
import type { EventStore } from '../../../ledger/event-store/event-store.ts';
import type { LabelCommand } from '../../../ledger/labels/commands.ts';
import { labelsDecider } from '../../../ledger/labels/decide.ts';
import { labelsStreamId, type ImportedLabel, type LabelEvent } from '../../../ledger/labels/events.ts';
import type { LabelsState, LiveLabel } from '../../../ledger/labels/state.ts';
import { liveLabels } from '../../../projections/labels/queries.ts';
import { streamHeads } from '../label-commands.ts';
import { recordImportBatch, recordImportUndone } from './import-jobs.ts';

export const IMPORT_ALREADY_UNDONE = 'This import was already undone.';

type ImportJobInput =
  | {
      type: 'batch';
      projectId: string;
      jobId: string;
      batch: number;
      labels: ImportedLabel[];
      templateId: string | null;
      importedAfter: number;
      owner: string;
      leaseMs: number;
    }
  | { type: 'undo'; projectId: string; jobId: string; ids: string[]; undoneBy: string };

type ImportJobResult = { imported: number } | { removed: number };

interface ImportJobContext extends CommandContext {
  streams: { labels: LoadedStream<LabelsState, LabelEvent> };
}

const importJobHandler: CommandHandler<ImportJobInput, ImportJobContext, ImportJobResult> = {
  name: 'label-import',
  async load(trx, inputs) {
    const ids = inputs.map((i) => labelsStreamId(i.projectId));
    const heads = await streamHeads(trx, ids);
    return Promise.all(
      inputs.map(async (input, i) => {
        // A batch's labels are new by construction (ids of this job); an undo needs to know which of its labels are still live.
        const live = input.type === 'undo' ? await liveLabels(trx, input.projectId, input.ids) : new Map<string, LiveLabel>();
        const state: LabelsState = { live, deleted: new Set() };
        return { streams: { labels: { streamId: ids[i]!, head: heads.get(ids[i]!) ?? { version: 0, hash: null }, state, evolve: labelsDecider.evolve } } };
      }),
    );
  },
  decide(input, context) {
    const stream = context.streams.labels;
    const command: LabelCommand =
      input.type === 'batch'
        ? { type: 'ImportLabels', data: { projectId: input.projectId, importId: input.jobId, labels: input.labels, templateId: input.templateId } }
        : { type: 'UndoLabelImport', data: { projectId: input.projectId, importId: input.jobId, ids: input.ids } };
    const events = labelsDecider.decide(command, stream.state);
    const result: ImportJobResult = input.type === 'batch' ? { imported: input.labels.length } : { removed: events[0]?.data.labels.length ?? 0 };
    return { appends: [{ streamId: stream.streamId, events }], result };
  },
  async write(trx, accepted) {
    for (const { input } of accepted) {
      if (input.type === 'batch') {
        await recordImportBatch(trx, { jobId: input.jobId, batch: input.batch, imported: input.importedAfter, owner: input.owner, leaseMs: input.leaseMs });
      } else if (!(await recordImportUndone(trx, input.jobId, input.undoneBy))) {
        throw new DomainError('CONFLICT', IMPORT_ALREADY_UNDONE);
      }
    }
  },
};

export async function appendImportBatch(
  store: EventStore,
  input: Omit<Extract<ImportJobInput, { type: 'batch' }>, 'type'>,
  options: Omit<CommandOptions, 'idempotencyKey'>,
): Promise<{ imported: number; replayed: boolean }> {
  const outcome = await runCommand(
    store,
    importJobHandler,
    { type: 'batch', ...input },
    { ...options, idempotencyKey: `label-import:${input.jobId}:${input.batch}` },
  );
  return { imported: (outcome.result as { imported: number }).imported, replayed: outcome.replayed };
}

/** Removes in one event every label of the import still live; the job records who undid it. */
export async function undoImport(
  store: EventStore,
  input: { projectId: string; jobId: string; ids: string[]; undoneBy: string },
  options: CommandOptions,
): Promise<{ removed: number }> {
  const outcome = await runCommand(store, importJobHandler, { type: 'undo', ...input }, options);
  return outcome.result as { removed: number };
}
