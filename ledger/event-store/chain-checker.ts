/** One stream's hash chain at a time: versions contiguous, each prev_hash the one before, each hash recomputed. */
import type { RecordedEvent } from './types.ts';
import { eventHash, sameBytes } from './hash-chain.ts';

/** What a chain check reads of an event. */
export type ChainedEvent = Pick<
  RecordedEvent,
  'globalPosition' | 'streamId' | 'streamVersion' | 'type' | 'data' | 'metadata' | 'occurredAt' | 'prevHash' | 'hash'
>;

export interface ChainProblem {
  streamId: string;
  streamVersion: number;
  globalPosition: number;
  problem: string;
}

export interface ChainReport {
  events: number;
  streams: number;
  problems: ChainProblem[];
}

/** Checks events one at a time, each stream's in version order; `report()` gives the result so far. */
export function chainChecker(): { check(event: ChainedEvent): void; report(): ChainReport } {
  const heads = new Map<string, { version: number; hash: Uint8Array }>();
  const broken = new Set<string>();
  const problems: ChainProblem[] = [];
  let count = 0;
  return {
    check(event) {
      count += 1;
      if (broken.has(event.streamId)) return;
      const head = heads.get(event.streamId);
      // No function made per event: a million events would make a million.
      let problem: string | null = null;
      if (event.streamVersion !== (head?.version ?? 0) + 1) problem = `version ${event.streamVersion} follows ${head?.version ?? 0}`;
      else if (!sameBytes(event.prevHash, head?.hash ?? null)) problem = 'prev_hash does not match the hash of the event before it';
      else if (!sameBytes(eventHash(event.prevHash, event), event.hash))
        problem = 'hash does not match the event: its type, data, metadata or time was changed';
      if (problem === null) {
        heads.set(event.streamId, { version: event.streamVersion, hash: event.hash });
        return;
      }
      broken.add(event.streamId);
      problems.push({ streamId: event.streamId, streamVersion: event.streamVersion, globalPosition: event.globalPosition, problem });
    },
    report: () => ({ events: count, streams: heads.size + broken.size, problems }),
  };
}
