/** One stream's hash chain at a time: versions contiguous, each prev_hash the one before, each hash recomputed. */
import type { RecordedEvent } from './types.ts';
import { eventHash, sameBytes } from './hash-chain.ts';

/** What a chain check reads of an event. */
export type ChainedEvent = Pick<RecordedEvent, 'globalPosition' | 'streamId' | 'streamVersion' | 'type' | 'data' | 'metadata' | 'occurredAt' | 'prevHash' | 'hash'>;

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
      const report = (problem: string) => {
        broken.add(event.streamId);
        problems.push({ streamId: event.streamId, streamVersion: event.streamVersion, globalPosition: event.globalPosition, problem });
      };
      if (event.streamVersion !== (head?.version ?? 0) + 1) return report(`version ${event.streamVersion} follows ${head?.version ?? 0}`);
      if (!sameBytes(event.prevHash, head?.hash ?? null)) return report('prev_hash does not match the hash of the event before it');
      if (!sameBytes(eventHash(event.prevHash, event), event.hash)) return report('hash does not match the event: its type, data, metadata or time was changed');
      heads.set(event.streamId, { version: event.streamVersion, hash: event.hash });
    },
    report: () => ({ events: count, streams: heads.size + broken.size, problems }),
  };
}
