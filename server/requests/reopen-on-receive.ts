/**
 * Re-open on receive (spec 01 §4 Requests), the command a receive's command function runs after the
 * receive: it loads the project's requests on hold waiting for delivery that hold a line of a
 * received part (oldest first) and the project's on hand of their held parts, and the ledger's
 * `decideReopenOnReceive` decides which of them are re-opened. One command over all those request
 * streams: a request changed meanwhile is decided again on its new state.
 */
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { Db, EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import { requestDecider } from '../../ledger/request/decide.ts';
import { type RequestEvent, requestStreamId } from '../../ledger/request/events.ts';
import { decideReopenOnReceive } from '../../ledger/request/reopen.ts';
import type { RequestState } from '../../ledger/request/state.ts';
import { loadFolded } from '../../ledger/stream-handler.ts';

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
        const loaded = await loadFolded(
          trx,
          requestDecider,
          waiting.map((w) => requestStreamId(w.id)),
        );
        // Insertion order is the load's order: oldest request first.
        const streams: ReopenContext['streams'] = Object.fromEntries(loaded.map((stream) => [stream.streamId, stream]));
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
    const streams = Object.values(context.streams);
    const states = Object.fromEntries(streams.map((stream) => [stream.streamId, stream.state]));
    const events = decideReopenOnReceive({ type: 'ReopenOnReceive', data: { available: context.available } }, states);
    const reopened = streams.filter((stream) => events[stream.streamId]!.length > 0);
    return {
      appends: reopened.map((stream) => ({ streamId: stream.streamId, events: events[stream.streamId]! })),
      result: { reopened: reopened.map((stream) => stream.state.requestId) },
    };
  },
};

/** Re-opens the project's requests waiting on delivery that the received parts now cover; answers how many. */
export async function reopenWaitingRequests(store: EventStore, projectId: string, materialIds: string[] | null, options: CommandOptions): Promise<number> {
  // Almost every receive finds nothing waiting: one indexed read says so, without a command's transaction.
  if (materialIds?.length === 0 || !(await waitingRequests(store.db, projectId, materialIds).limit(1).executeTakeFirst())) return 0;
  const outcome = await runCommand(store, reopenHandler, { projectId, materialIds }, { metadata: { ...options.metadata, source: 'receive' } });
  return outcome.result.reopened.length;
}
