/**
 * Re-open on receive (spec 01 §4 Requests): after material arrives in a project, every request of
 * that project on hold with `waiting_delivery` whose held lines include a received part and whose
 * held lines the project's on hand now covers is re-opened. Oldest first, and the stock one request
 * counts on is not counted again for the next, so the count the receive answers is exactly the
 * requests that can now be fulfilled. One command over all those request streams, run right after
 * the receive: a request changed meanwhile is decided again on its new state.
 */
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { readStreams } from '../../ledger/event-store/event-store.ts';
import type { Db, EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import { requestDecider } from '../../ledger/request/decide.ts';
import { type RequestEvent, requestStreamId } from '../../ledger/request/events.ts';
import type { RequestState } from '../../ledger/request/state.ts';

interface Input {
  projectId: string;
  /** The parts the receive brought in; null: any part. */
  materialIds: string[] | null;
}

/** The project's requests on hold waiting for delivery, holding a line of one of the parts; oldest first. */
function waitingRequests(db: Db | Trx, projectId: string, materialIds: string[] | null) {
  return db
    .selectFrom('requests')
    .select('id')
    .where('project_id', '=', projectId)
    .where('waiting_delivery', '=', true)
    .where('status', '=', 'on-hold')
    .$if(materialIds !== null, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('request_lines')
            .select('line_id')
            .whereRef('request_lines.request_id', '=', 'requests.id')
            .where('request_lines.status', '=', 'on-hold')
            .where('request_lines.material_id', 'in', materialIds!),
        ),
      ),
    )
    .orderBy('request_date')
    .orderBy('num');
}

interface ReopenContext extends CommandContext {
  streams: Record<string, LoadedStream<RequestState, RequestEvent>>;
  available: Record<string, number>;
}

const reopenHandler: CommandHandler<Input, ReopenContext, { reopened: string[] }> = {
  name: 'request-reopen',
  async load(trx, inputs) {
    return Promise.all(
      inputs.map(async ({ projectId, materialIds }) => {
        if (materialIds && materialIds.length === 0) return { streams: {}, available: {} };
        const waiting = await waitingRequests(trx, projectId, materialIds).execute();
        const ids = waiting.map((w) => requestStreamId(w.id));
        const histories = ids.length > 0 ? await readStreams(trx, ids) : new Map();
        const streams: ReopenContext['streams'] = {};
        for (const id of ids) {
          const history = histories.get(id) ?? [];
          const last = history[history.length - 1];
          const state = history.reduce(
            (s: RequestState, e: { type: string; data: unknown }) => requestDecider.evolve(s, e as RequestEvent),
            requestDecider.initialState(),
          );
          streams[id] = { streamId: id, head: { version: last?.streamVersion ?? 0, hash: last?.hash ?? null }, state, evolve: requestDecider.evolve };
        }
        const held = [
          ...new Set(Object.values(streams).flatMap((s) => s.state.lines.flatMap((l) => (l.status === 'on-hold' && l.materialId ? [l.materialId] : [])))),
        ];
        const rows =
          held.length > 0
            ? await trx
                .selectFrom('material_stock')
                .select(['material_id', 'on_hand'])
                .where('location_kind', '=', 'project')
                .where('location_id', '=', projectId)
                .where('material_id', 'in', held)
                .execute()
            : [];
        return { streams, available: Object.fromEntries(rows.map((r) => [r.material_id, Number(r.on_hand)])) };
      }),
    );
  },
  decide(_input, context): Decision<{ reopened: string[] }> {
    const available = { ...context.available };
    const appends: Decision<{ reopened: string[] }>['appends'] = [];
    const reopened: string[] = [];
    // Insertion order is the load's order: oldest request first.
    for (const stream of Object.values(context.streams)) {
      const events = requestDecider.decide({ type: 'ReopenOnReceive', data: { available } }, stream.state);
      if (events.length === 0) continue;
      for (const line of stream.state.lines) {
        if (line.status === 'on-hold' && line.materialId) available[line.materialId] = (available[line.materialId] ?? 0) - line.qty;
      }
      appends.push({ streamId: stream.streamId, events });
      reopened.push(stream.state.requestId);
    }
    return { appends, result: { reopened } };
  },
};

/** Re-opens the project's requests waiting on delivery that the received parts now cover; answers how many. */
export async function reopenWaitingRequests(store: EventStore, projectId: string, materialIds: string[] | null, options: CommandOptions): Promise<number> {
  // Almost every receive finds nothing waiting: one indexed read says so, without a command's transaction.
  if (materialIds?.length === 0 || !(await waitingRequests(store.db, projectId, materialIds).limit(1).executeTakeFirst())) return 0;
  const outcome = await runCommand(store, reopenHandler, { projectId, materialIds }, { metadata: { ...options.metadata, source: 'receive' } });
  return outcome.result.reopened.length;
}
