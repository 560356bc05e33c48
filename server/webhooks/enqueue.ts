/**
 * The enqueueing subscription's handler: a page of committed events (in commit order) becomes the
 * deliveries of the endpoints that hear of them, written in the page's transaction, so the page's
 * checkpoint and its deliveries commit together (each delivery exactly once; a page read again
 * after a crash or a rebuild from zero finds its rows there and writes nothing: on conflict nothing).
 *
 * A disabled endpoint still collects deliveries: only sending stops, so re-enabling it sends what
 * happened meanwhile and nothing is lost. An endpoint hears of events after the head it was
 * registered at (`start_position`); replay reaches further back.
 */
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { heardEvents, loadEndpointScopes, planEventDeliveries, type StockFigureCache, writeDeliveries } from './deliveries.ts';

/** The handler; it returns how many deliveries the page wrote. */
export function deliveryEnqueuer(cache: StockFigureCache, clock: () => Date = () => new Date()) {
  return async (trx: Trx, events: RecordedEvent[]): Promise<number> => {
    const endpoints = await loadEndpointScopes(trx);
    if (endpoints.length === 0) return 0;
    const heard = await heardEvents(trx, events, endpoints, cache);
    const planned = planEventDeliveries(heard, endpoints, (endpoint) => endpoint.start_position);
    return writeDeliveries(trx, planned, clock(), false);
  };
}
