/**
 * What an event changes, for the browsers that show it: which project (or every project) and which
 * cache topics. Each aggregate says it for its own events (`topicsOf` in its events.ts), from the
 * event's data rather than by parsing stream ids.
 */
export const EVERY_PROJECT = '*';

export const TOPICS = [
  'inventory',
  'logs',
  'catalog',
  'project',
  'members',
  'site',
  'users',
  'warehouses',
  'labels',
  'transfers',
  'requests',
  'assets',
] as const;
export type Topic = (typeof TOPICS)[number];

export interface Change {
  /** A project id, or EVERY_PROJECT for what every project shows (the shared catalogue, the site). */
  projectId: string;
  topics: Topic[];
}
