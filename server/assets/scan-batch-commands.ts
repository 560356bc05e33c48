/**
 * The batches a run of scans ends in, each ONE command (ledger/asset-scan/decide.ts): a box of
 * serials received as new instances, or several instances checked out to one person or returned.
 * `load` reads every line's type and taken serials in one query each, and the instance streams in
 * one; the runner appends every instance's events in one transaction. Two batches receiving the
 * same serial at once both pass their reads, but the unique index on (type, serial) fails the
 * second's transaction and it is decided again on what the first wrote: its line is refused.
 */
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { appendsByStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { assetInstanceDecider } from '../../ledger/asset/decide.ts';
import { type AssetInstanceEvent, assetStreamId, type Owner } from '../../ledger/asset/events.ts';
import type { AssetInstanceState } from '../../ledger/asset/state.ts';
import type { AssetScanCommand, ScannedInstance } from '../../ledger/asset-scan/commands.ts';
import { BatchRefused, decideAssetScan } from '../../ledger/asset-scan/decide.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import { loadFolded } from '../../ledger/stream-handler.ts';
import { isFrozen, ownerLookup, projectsOfUser } from '../../projections/assets/decision-context.ts';
import { catalogsByNumber, serialKey, serialsTaken } from '../../projections/assets/scan-context.ts';

export type ScanBatchRequest =
  | {
      type: 'receive';
      to: Owner;
      parentWarehouseId: string | null;
      condition: string | null;
      notes: string | null;
      /** The new instance ids are given here, so a retry decides on the same ids. */
      lines: Array<{ instanceId: string; serialNumber: string; assetNumber: string }>;
    }
  | { type: 'in-use'; inUse: boolean; userId: string | null; notes: string | null; lines: ScannedInstance[] };

/** Applied: every line passed and was recorded. Refused: each line's refusal (null for a line that would have passed), nothing recorded. */
export type ScanBatchOutcome = { applied: true } | { applied: false; refusals: ReadonlyArray<string | null> };

interface ScanContext extends CommandContext {
  streams: Record<string, LoadedStream<AssetInstanceState, AssetInstanceEvent>>;
  command: AssetScanCommand;
}

async function loadOne(trx: Trx, request: ScanBatchRequest, frozen: boolean): Promise<ScanContext> {
  if (request.type === 'receive') {
    const catalogs = await catalogsByNumber(
      trx,
      request.lines.map((l) => l.assetNumber),
    );
    const lines = request.lines.map((l) => ({ ...l, catalog: catalogs.get(l.assetNumber.trim().toLowerCase()) ?? null }));
    const taken = await serialsTaken(
      trx,
      lines.flatMap((l) => (l.catalog ? [{ catalogId: l.catalog.catalogId, serial: l.serialNumber }] : [])),
    );
    const parentId = request.parentWarehouseId;
    return {
      // The instances are new: their streams have no events to load.
      streams: {},
      command: {
        type: 'ReceiveScannedInstances',
        data: {
          frozen,
          to: request.to,
          destination: await ownerLookup(trx, request.to),
          parentWarehouseId: parentId,
          parent: parentId ? await ownerLookup(trx, { type: 'warehouse', id: parentId }) : null,
          condition: request.condition,
          notes: request.notes,
          lines: lines.map((l) => ({ ...l, serialTaken: l.catalog !== null && taken.has(serialKey(l.catalog.catalogId, l.serialNumber)) })),
        },
      },
    };
  }
  const ids = [...new Set(request.lines.flatMap((l) => (l.instanceId ? [assetStreamId(l.instanceId)] : [])))];
  const [loaded, memberOf] = await Promise.all([
    loadFolded(trx, assetInstanceDecider, ids),
    request.inUse && request.userId ? projectsOfUser(trx, request.userId) : Promise.resolve([]),
  ]);
  return {
    streams: Object.fromEntries(loaded.map((s) => [s.streamId, s])),
    command: { type: 'SetScannedInUse', data: { frozen, inUse: request.inUse, userId: request.userId, memberOf, notes: request.notes, lines: request.lines } },
  };
}

const scanBatchHandler: CommandHandler<ScanBatchRequest, ScanContext, ScanBatchOutcome> = {
  name: 'asset-scan-batch',
  retryOn: ['asset_instances_serial'],
  async load(trx, inputs) {
    const frozen = await isFrozen(trx);
    const out: ScanContext[] = [];
    for (const input of inputs) out.push(await loadOne(trx, input, frozen));
    return out;
  },
  decide(_input, context): Decision<ScanBatchOutcome> {
    const instances = Object.fromEntries(Object.entries(context.streams).map(([streamId, s]) => [streamId, s.state]));
    try {
      const decided = decideAssetScan(context.command, { instances });
      return { appends: appendsByStream(decided.instances, (e) => assetStreamId(e.data.instanceId)), result: { applied: true } };
    } catch (error) {
      // A refused line refuses the batch, but each line's answer is the caller's result, not an error.
      if (error instanceof BatchRefused) return { appends: [], result: { applied: false, refusals: error.refusals } };
      throw error;
    }
  },
};

/** Runs one batch as one command; a receive's new instances get their ids here, in line order. */
export async function runScanBatch(store: EventStore, request: ScanBatchRequest, options: CommandOptions): Promise<ScanBatchOutcome> {
  const { result } = await runCommand(store, scanBatchHandler, request, options);
  return result;
}
