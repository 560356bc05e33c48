/**
 * What an event changes, for the browsers that show it: which project (or every project) and which
 * cache topics. Each aggregate says it for its own events (`topicsOf` in its events.ts), from the
 * event's data rather than by parsing stream ids.
 */
// The topics are the API's: the browser's cache is tagged by the same list.
import type { Topic } from '../contract/topics.ts';

export interface Change {
  /** A project id, or EVERY_PROJECT for what every project shows (the shared catalogue, the site). */
  projectId: string;
  topics: Topic[];
}
