/**
 * For projector unit tests, which need no database: one event as the store hands it to a projector,
 * and a check that row operations stay on the projector's own tables with whole rows, as the SQL
 * writer and the in-memory replay require.
 */
import { expect } from 'vitest';
import type { EventMetadata, RecordedEvent } from '../../ledger/event-store/types.ts';
import type { Projector, RowOp } from '../../projections/projector.ts';

export const AT = new Date('2026-03-02T09:30:00Z');
export const ACTOR: EventMetadata = { actorId: '0b7e6a52-1c2d-4e3f-8a9b-0c1d2e3f4a5b', actorName: 'Ada Admin' };
/** The recorded event's hash; `HASH_HEX` is how the logs store it. */
export const HASH = Uint8Array.from({ length: 32 }, (_, i) => i);
export const HASH_HEX = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

export interface Recorded {
  position?: number;
  version?: number;
  occurredAt?: Date;
  metadata?: EventMetadata;
}

/** An event of `streamId` as recorded: position 42, version 3, at `AT` by `ACTOR` unless told. */
export function recorded<E extends { type: string; data: unknown }>(streamId: string, event: E, options: Recorded = {}): RecordedEvent & E {
  const occurredAt = options.occurredAt ?? AT;
  return {
    ...event,
    globalPosition: options.position ?? 42,
    streamId,
    streamVersion: options.version ?? 3,
    metadata: options.metadata ?? ACTOR,
    idempotencyKey: null,
    occurredAt,
    recordedAt: occurredAt,
    transactionId: '1000',
    prevHash: null,
    hash: HASH,
  };
}

/** Projects one event and checks every operation names a table of the projector and an insert fills every column. */
export function project(projector: Projector, event: RecordedEvent): RowOp[] {
  const ops = projector.project(event);
  for (const op of ops) {
    const table = projector.tables.find((t) => t.name === op.table);
    expect(table, `${projector.name} owns ${op.table}`).toBeDefined();
    if (op.kind === 'insert') expect(Object.keys(op.row).sort()).toEqual([...table!.columns].sort());
    else expect(Object.keys(op.key).sort()).toEqual([...table!.key].sort());
  }
  return ops;
}
