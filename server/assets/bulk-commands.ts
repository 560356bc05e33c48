/**
 * Bulk asset units: receive, move between owners, lost and found. A move is ONE command over two
 * streams (`asset-stock:` of the source and of the destination): both are folded, `decideBulk`
 * decides on both, and the runner appends to each with its expected version in one transaction,
 * so both sides move or neither does; a concurrent change to either decides again on fresh numbers.
 */
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { CatalogLookup, OwnerLookup } from '../../ledger/asset/commands.ts';
import { type BulkAssetEvent, bulkAssetStreamId, type Owner } from '../../ledger/asset/events.ts';
import { ASSET_MESSAGES as M } from '../../contract/messages/assets.ts';
import type { BulkAssetCommand } from '../../ledger/asset-bulk/commands.ts';
import { decideBulk } from '../../ledger/asset-bulk/decide.ts';
import { evolveBulk } from '../../ledger/asset-bulk/evolve.ts';
import { type BulkAssetState, initialBulkAssetState } from '../../ledger/asset-bulk/state.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { loadFolded } from '../../ledger/stream-handler.ts';
import { catalogLookup, isFrozen, ownerLookup } from '../../projections/assets/decision-context.ts';

export type BulkRequest =
  | { type: 'receive'; catalogId: string; at: Owner; quantity: number; notes: string | null }
  | { type: 'move'; catalogId: string; from: Owner; to: Owner; quantity: number; notes: string | null }
  | { type: 'lost' | 'found'; catalogId: string; at: Owner; quantity: number; notes: string | null };

type Stream = LoadedStream<BulkAssetState, BulkAssetEvent>;
interface BulkContext extends CommandContext {
  streams: { at: Stream; to?: Stream };
  catalog: CatalogLookup | null;
  frozen: boolean;
  destination: OwnerLookup;
}

const source = (r: BulkRequest): Owner => (r.type === 'move' ? r.from : r.at);

/** A bulk asset stream is the fold of its own events. */
const bulkStream = { initialState: initialBulkAssetState, evolve: evolveBulk };

function commandFor(r: BulkRequest, c: BulkContext, catalog: CatalogLookup): BulkAssetCommand {
  const asset = { catalogId: catalog.catalogId, assetNumber: catalog.assetNumber, assetName: catalog.assetName, serialNumber: null };
  const base = { asset, quantity: r.quantity, notes: r.notes };
  switch (r.type) {
    case 'receive':
      return { type: 'ReceiveBulk', data: { ...base, frozen: c.frozen, at: r.at, destination: c.destination } };
    case 'move':
      return { type: 'MoveBulk', data: { ...base, frozen: c.frozen, from: r.from, to: r.to, destination: c.destination } };
    case 'lost':
      return { type: 'MarkBulkLost', data: { ...base, at: r.at } };
    case 'found':
      return { type: 'MarkBulkFound', data: { ...base, at: r.at } };
  }
}

const bulkHandler: CommandHandler<BulkRequest, BulkContext, null> = {
  name: 'bulk-asset',
  async load(trx, inputs) {
    const ids = inputs.flatMap((r) => [bulkAssetStreamId(source(r), r.catalogId), ...(r.type === 'move' ? [bulkAssetStreamId(r.to, r.catalogId)] : [])]);
    const loaded = await loadFolded(trx, bulkStream, ids);
    const frozen = await isFrozen(trx);
    const out: BulkContext[] = [];
    let next = 0;
    for (const r of inputs) {
      // One loaded stream per input and side, in the order of `ids`.
      const streams: BulkContext['streams'] = { at: loaded[next++]! };
      if (r.type === 'move') streams.to = loaded[next++]!;
      const destinationOwner = r.type === 'move' ? r.to : r.type === 'receive' ? r.at : null;
      out.push({ streams, catalog: await catalogLookup(trx, r.catalogId), frozen, destination: await ownerLookup(trx, destinationOwner) });
    }
    return out;
  },
  decide(input, context): Decision<null> {
    const { catalog } = context;
    if (!catalog) throw new DomainError('NOT_FOUND', M.catalogNotFound);
    if (catalog.kind !== 'bulk') throw new DomainError('VALIDATION', M.serializedNoQuantity);
    const events = decideBulk(commandFor(input, context, catalog), { at: context.streams.at.state, to: context.streams.to?.state });
    const appends: Decision<null>['appends'] = [{ streamId: context.streams.at.streamId, events: events.at }];
    if (context.streams.to && events.to.length > 0) appends.push({ streamId: context.streams.to.streamId, events: events.to });
    return { appends, result: null };
  },
};

export function runBulk(store: EventStore, request: BulkRequest, options: CommandOptions) {
  return runCommand(store, bulkHandler, request, options);
}
