/** Which projects and cache topics an event touches, for the browsers that show them. */
import type { RecordedEvent } from '../../ledger/event-store/types.ts';

export const EVERY_PROJECT = '*';

export interface Change {
  projectId: string;
  topics: string[];
}

export function changesOf(event: RecordedEvent): Change[] {
  const [kind, a, b] = event.streamId.split(':');
  switch (kind) {
    case 'stock':
      return a === 'project' && b ? [{ projectId: b, topics: ['inventory', 'logs'] }] : [];
    case 'project':
      return a ? [{ projectId: a, topics: ['project', 'members'] }] : [];
    case 'material':
      // The catalogue is shared: names and numbers change in every project that holds the part.
      return [{ projectId: EVERY_PROJECT, topics: ['inventory', 'logs', 'catalog'] }];
    case 'site':
      return [{ projectId: EVERY_PROJECT, topics: ['site'] }];
    case 'user':
      return [{ projectId: EVERY_PROJECT, topics: ['users'] }];
    default:
      return [];
  }
}

/** Merges the changes of a batch of events into one message per project. */
export function mergeChanges(events: RecordedEvent[]): Change[] {
  const byProject = new Map<string, Set<string>>();
  for (const event of events) {
    for (const change of changesOf(event)) {
      const topics = byProject.get(change.projectId) ?? new Set<string>();
      for (const t of change.topics) topics.add(t);
      byProject.set(change.projectId, topics);
    }
  }
  return [...byProject].map(([projectId, topics]) => ({ projectId, topics: [...topics].sort() }));
}
