/** Walks every stream's hash chain: versions contiguous, each prev_hash the one before, each hash recomputed. */
import type { EventStore } from './event-store.ts';
import { eventHash, sameBytes } from './hash-chain.ts';

export interface ChainProblem {
  streamId: string;
  streamVersion: number;
  globalPosition: number;
  problem: string;
}

export async function verifyHashChains(store: EventStore, pageSize = 10_000): Promise<{ events: number; streams: number; problems: ChainProblem[] }> {
  const heads = new Map<string, { version: number; hash: Uint8Array }>();
  const broken = new Set<string>();
  const problems: ChainProblem[] = [];
  let after = 0;
  let count = 0;
  for (;;) {
    const page = await store.readAllAfterPosition(after, pageSize);
    if (page.length === 0) break;
    for (const event of page) {
      count += 1;
      after = event.globalPosition;
      if (broken.has(event.streamId)) continue;
      const head = heads.get(event.streamId);
      const report = (problem: string) => {
        broken.add(event.streamId);
        problems.push({ streamId: event.streamId, streamVersion: event.streamVersion, globalPosition: event.globalPosition, problem });
      };
      if (event.streamVersion !== (head?.version ?? 0) + 1) {
        report(`version ${event.streamVersion} follows ${head?.version ?? 0}`);
        continue;
      }
      if (!sameBytes(event.prevHash, head?.hash ?? null)) {
        report('prev_hash does not match the hash of the event before it');
        continue;
      }
      if (!sameBytes(eventHash(event.prevHash, event), event.hash)) {
        report('hash does not match the event: its type, data, metadata or time was changed');
        continue;
      }
      heads.set(event.streamId, { version: event.streamVersion, hash: event.hash });
    }
  }
  return { events: count, streams: heads.size + broken.size, problems };
}
