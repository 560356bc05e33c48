/**
 * Commands of the Label Manager.
 *
 * Labels are events on the ledger, not rows of a plain table (ARCHITECTURE §4: `labels:<project_id>`,
 * imports and deletes in batches): the label database then has a history an auditor can read (who
 * imported which labels, who deleted them), rebuilds and verifies like every other read model, and
 * the import job (an async job over a file) appends through the same command as a script does.
 * An import of n labels is ceil(n / 1,000) events; a delete is one event naming its labels.
 *
 * A project's label stream can hold a million labels, so its state is never folded: a command
 * loads the stream's head and, for a delete, the rows of `labels` its ids name (the table is
 * written in the same transaction as the stream, so it is the fold for those ids).
 *
 * Templates are small streams of their own (`label-template:<id>`), folded as usual.
 */
import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { CommandContext, CommandHandler, CommandOptions, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { StreamPosition } from '../../ledger/event-store/types.ts';
import type { LabelTemplateCommand } from '../../ledger/label-template/commands.ts';
import { labelTemplateDecider } from '../../ledger/label-template/decide.ts';
import { labelTemplateStreamId, type TemplateDataValue } from '../../ledger/label-template/events.ts';
import type { LabelCommand } from '../../ledger/labels/commands.ts';
import { labelsDecider } from '../../ledger/labels/decide.ts';
import { labelsStreamId, type ImportedLabel, type LabelEvent } from '../../ledger/labels/events.ts';
import type { LabelsState, LiveLabel } from '../../ledger/labels/state.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import { liveLabels } from '../../projections/labels/queries.ts';
import type { EventsTable } from '../../migrations/schema.ts';

/** A label as an import brings it: its lines and optional tags (blank tags are no tags). */
export interface LabelToImport {
  lines: string[];
  system?: string | null;
  clusterPod?: string | null;
}

type LabelsInput =
  | { type: 'import'; projectId: string; importId: string; labels: ImportedLabel[]; templateId: string | null }
  | { type: 'delete'; projectId: string; ids: string[] };

type LabelsResult = { imported: number; ids: string[] } | { deleted: number };

interface LabelsContext extends CommandContext {
  streams: { labels: LoadedStream<LabelsState, LabelEvent> };
  /** The live labels among a delete's ids, as the table held them when the batch began. */
  loaded: Map<string, LiveLabel>;
}

/**
 * The slice loaded for this command brought up to date with what earlier commands of the same
 * batch did to the stream (the runner hands over their state, folded from their own slices).
 */
function currentSlice(loaded: Map<string, LiveLabel>, folded: LabelsState): LabelsState {
  const live = new Map(loaded);
  for (const id of folded.deleted) live.delete(id);
  for (const [id, label] of folded.live) live.set(id, label);
  return { live, deleted: folded.deleted };
}

/** Where each of these streams stands: its last version and hash, one query for all of them. */
export async function streamHeads(trx: Trx, streamIds: readonly string[]): Promise<Map<string, StreamPosition>> {
  const wanted = [...new Set(streamIds)];
  // Raw SQL: one lateral lookup of each stream's last event, for all the streams at once.
  const { rows } = await sql<Pick<Selectable<EventsTable>, 'stream_id' | 'stream_version' | 'hash'>>`
    select h.stream_id, h.stream_version, h.hash
      from unnest(${wanted}::text[]) as s (stream_id)
      cross join lateral (
        select e.stream_id, e.stream_version, e.hash from events e
         where e.stream_id = s.stream_id order by e.stream_version desc limit 1) h`.execute(trx);
  return new Map(rows.map((r) => [r.stream_id, { version: Number(r.stream_version), hash: r.hash }]));
}

const labelsHandler: CommandHandler<LabelsInput, LabelsContext, LabelsResult> = {
  name: 'labels',
  async load(trx, inputs) {
    const ids = inputs.map((i) => labelsStreamId(i.projectId));
    const heads = await streamHeads(trx, ids);
    return Promise.all(
      inputs.map(async (input, i) => {
        const loaded = input.type === 'delete' ? await liveLabels(trx, input.projectId, input.ids) : new Map<string, LiveLabel>();
        const state: LabelsState = { live: new Map(loaded), deleted: new Set() };
        return {
          streams: { labels: { streamId: ids[i]!, head: heads.get(ids[i]!) ?? { version: 0, hash: null }, state, evolve: labelsDecider.evolve } },
          loaded,
        };
      }),
    );
  },
  decide(input, context) {
    const stream = context.streams.labels;
    const command: LabelCommand =
      input.type === 'import'
        ? { type: 'ImportLabels', data: { projectId: input.projectId, importId: input.importId, labels: input.labels, templateId: input.templateId } }
        : { type: 'DeleteLabels', data: { projectId: input.projectId, ids: input.ids } };
    const events = labelsDecider.decide(command, currentSlice(context.loaded, stream.state));
    const result: LabelsResult =
      input.type === 'import' ? { imported: input.labels.length, ids: input.labels.map((l) => l.id) } : { deleted: events[0]?.data.labels.length ?? 0 };
    return { appends: [{ streamId: stream.streamId, events }], result };
  },
};

const tagOf = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Adds labels to a project's label database, in events of at most 1,000 labels, all in one
 * transaction. Returns the new labels' ids in the order given.
 */
export async function importLabels(
  store: EventStore,
  input: { projectId: string; labels: readonly LabelToImport[]; templateId?: string | null },
  options: CommandOptions,
): Promise<{ imported: number; ids: string[] }> {
  const labels: ImportedLabel[] = input.labels.map((l) => ({
    id: randomUUID(),
    lines: [...l.lines],
    system: tagOf(l.system),
    clusterPod: tagOf(l.clusterPod),
  }));
  const outcome = await runCommand(
    store,
    labelsHandler,
    { type: 'import', projectId: input.projectId, importId: randomUUID(), labels, templateId: input.templateId ?? null },
    options,
  );
  return outcome.result as { imported: number; ids: string[] };
}

/** Deletes labels of a project, all or none: an id of another project refuses the whole delete. */
export async function deleteLabels(
  store: EventStore,
  input: { projectId: string; ids: readonly string[] },
  options: CommandOptions,
): Promise<{ deleted: number }> {
  const outcome = await runCommand(store, labelsHandler, { type: 'delete', projectId: input.projectId, ids: [...input.ids] }, options);
  return outcome.result as { deleted: number };
}

type TemplateInput =
  | { type: 'create' | 'change'; templateId: string; projectId: string; name: string; templateData: TemplateDataValue }
  | { type: 'delete'; templateId: string; projectId: string };

const templateHandler = foldedStreamHandler({
  name: 'label-template',
  decider: labelTemplateDecider,
  streamId: (input: TemplateInput) => labelTemplateStreamId(input.templateId),
  command(input): LabelTemplateCommand {
    if (input.type === 'delete') return { type: 'DeleteLabelTemplate', data: { templateId: input.templateId, projectId: input.projectId } };
    const data = { templateId: input.templateId, projectId: input.projectId, name: input.name, templateData: input.templateData };
    return input.type === 'create' ? { type: 'CreateLabelTemplate', data } : { type: 'ChangeLabelTemplate', data };
  },
});

export async function createTemplate(
  store: EventStore,
  input: { projectId: string; name: string; templateData: TemplateDataValue },
  options: CommandOptions,
): Promise<string> {
  const templateId = randomUUID();
  await runCommand(store, templateHandler, { type: 'create', templateId, ...input }, options);
  return templateId;
}

export async function changeTemplate(
  store: EventStore,
  input: { templateId: string; projectId: string; name: string; templateData: TemplateDataValue },
  options: CommandOptions,
): Promise<void> {
  await runCommand(store, templateHandler, { type: 'change', ...input }, options);
}

export async function deleteTemplate(store: EventStore, input: { templateId: string; projectId: string }, options: CommandOptions): Promise<void> {
  await runCommand(store, templateHandler, { type: 'delete', ...input }, options);
}
