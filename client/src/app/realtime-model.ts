/**
 * The pure rules of the live connection: what a server message means, which cache tags a changed
 * topic makes stale, and how long to wait before reconnecting. Kept apart from the socket so they
 * are tested without one.
 */
import { readMessage, serverMessage, type ServerMessage } from '@contract/realtime.ts';
import { TOPICS } from '@contract/topics.ts';
import type { ApiTagDescription } from '../api/base-api.ts';

/** The topics the server names in `changed` messages. */
export { TOPICS };
export type { Topic } from '@contract/topics.ts';

/** The tags of one project that a topic makes stale. Unknown topics are ignored. */
export function tagsForTopic(projectId: string, topic: string): ApiTagDescription[] {
  switch (topic) {
    case 'inventory':
      return [{ type: 'Inventory', id: projectId }];
    case 'logs':
      return [{ type: 'MaterialLogs', id: projectId }];
    case 'catalog':
      return ['Catalog'];
    case 'project':
      // Project-wide stock warning defaults live on the project and colour its inventory.
      return [
        { type: 'Project', id: projectId },
        { type: 'Project', id: 'LIST' },
        { type: 'ProjectSettings', id: projectId },
        { type: 'Inventory', id: projectId },
      ];
    case 'members':
      return [
        { type: 'ProjectMembers', id: projectId },
        { type: 'ProjectRole', id: projectId },
        { type: 'ProjectHistory', id: projectId },
      ];
    case 'site':
      return ['SiteSettings', 'PublicSettings'];
    case 'users':
      return ['User', 'ProjectMembers'];
    case 'warehouses':
      // Not tied to the project the message names: every warehouse's list, stock and log.
      return ['Warehouse', 'WarehouseStock', 'WarehouseLogs'];
    case 'labels':
      return [
        { type: 'Labels', id: projectId },
        { type: 'LabelFilters', id: projectId },
        { type: 'LabelTemplates', id: projectId },
      ];
    case 'transfers':
      return [{ type: 'Transfers', id: projectId }, 'TransferHistory'];
    case 'requests':
      // Not the unread count: it refreshes on its own, at most once in 30 s (spec 01 §9).
      return [{ type: 'Requests', id: projectId }, 'Request', 'RequestHistory'];
    case 'assets':
      // Instances move between warehouses and projects: every asset inventory and log, and the catalogue.
      return ['AssetCatalog', 'AssetInventory', 'AssetLogs'];
    case 'counts':
      // Warehouse counts are told to every project: every list, session, line and variance.
      return ['Counts'];
    default:
      return [];
  }
}

/** The tags to invalidate for a `changed` message, without duplicates. */
export function tagsForTopics(projectId: string, topics: readonly string[]): ApiTagDescription[] {
  const seen = new Set<string>();
  const tags: ApiTagDescription[] = [];
  for (const topic of topics) {
    for (const tag of tagsForTopic(projectId, topic)) {
      const key = JSON.stringify(tag);
      if (seen.has(key)) continue;
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

/** Everything of a project, for after a reconnect: changes may have been missed while away. */
export const everythingOf = (projectId: string) => tagsForTopics(projectId, TOPICS);

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;

/**
 * Wait before reconnect attempt `attempt` (0 for the first): doubling from 0.5 s up to 15 s, with
 * up to a fifth taken off at random so many browsers do not all return in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (1 - 0.2 * random()));
}

/** A server message of the general channel, or null for anything else (a request notice, or what this client does not understand). */
export const parseServerMessage = (text: string): ServerMessage | null => readMessage(serverMessage, text);

/** The socket address on the page's own host: ws:// beside http://, wss:// beside https://. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, path = '/ws'): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
