/** Merges what a batch of events changes into one message per project (each aggregate says what its events change). */
import { changesOf } from '../../ledger/events.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import type { Change } from '../../ledger/topics.ts';

export type { Change } from '../../ledger/topics.ts';

export function mergeChanges(events: RecordedEvent[]): Change[] {
  const byProject = new Map<string, Set<Change['topics'][number]>>();
  for (const event of events) {
    for (const change of changesOf(event)) {
      const topics = byProject.get(change.projectId) ?? new Set();
      for (const t of change.topics) topics.add(t);
      byProject.set(change.projectId, topics);
    }
  }
  return [...byProject].map(([projectId, topics]) => ({ projectId, topics: [...topics].sort() }));
}
