/** Shapes of events going into and coming out of the store. */

export interface EventMetadata {
  /** The user who caused the event; null for the system (start-up, migrations). */
  actorId: string | null;
  /** The actor's display name at the time, so log lines keep it after the user is gone. */
  actorName: string;
  requestId?: string;
  correlationId?: string;
  causationId?: string;
  /** Where the command came from when not a person at a screen: `bulk`, `request`, `transfer`, `seed`. */
  source?: string;
  /** The bulk file (one command) the event came from, so the upload can be reversed as a whole. */
  batchId?: string;
  /** On a reversal's events: the batch they undo. */
  reversesBatchId?: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** When it happened in the world; defaults to the command's time. */
  occurredAt?: Date;
  /** Per-event metadata, when one append carries several callers' commands (group commit). */
  metadata?: EventMetadata;
  /** Per-event idempotency key (on a command's first event), overriding the append's. */
  idempotencyKey?: string | null;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  idempotencyKey: string | null;
  occurredAt: Date;
  recordedAt: Date;
  transactionId: string;
  prevHash: Uint8Array | null;
  hash: Uint8Array;
}

/** Where a stream stood when the command read it; 0 and null for a stream that does not exist yet. */
export interface StreamPosition {
  version: number;
  hash: Uint8Array | null;
}

export interface StreamAppend {
  streamId: string;
  expected: StreamPosition;
  events: NewEvent[];
}

/** A consumer's place in the commit order: (transaction id, global position). */
export interface Checkpoint {
  transactionId: string;
  globalPosition: number;
}

export const START_CHECKPOINT: Checkpoint = { transactionId: '0', globalPosition: 0 };
