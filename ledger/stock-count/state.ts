import type { Place } from '../../contract/place.ts';
import type { CountLine } from './events.ts';

/** One count of a line by one person. */
export interface LineCount {
  counterId: string;
  counterName: string;
  counted: number;
  countedAt: Date;
}

/** A line as its decisions need it: the counts of its current round, and whether a recount is asked. */
export interface CountLineState {
  line: CountLine;
  planned: boolean;
  round: number;
  /** The current round's counts, one per counter (a counter's later count replaces theirs). */
  counts: LineCount[];
  recountRequested: boolean;
}

/**
 * One count session, loaded from its read rows (count_sessions, count_lines) with the stream head,
 * not folded: a stocktake's stream grows by a count per line. `lines` holds the lines the loading
 * commands touch (every line when posting); `lineCount` all of them, so an added line takes the
 * next sequence number.
 */
export interface CountSessionState {
  exists: boolean;
  /** The session's id: every event of the stream names it. */
  sessionId: string;
  status: 'open' | 'posted' | 'cancelled';
  name: string;
  location: { kind: 'project' | 'warehouse'; id: string };
  openedAt: Date;
  blind: boolean;
  doubleCount: boolean;
  includeAssets: boolean;
  counters: Record<string, string>;
  lineCount: number;
  lines: Record<string, CountLineState>;
}

export const initialCountSessionState = (): CountSessionState => ({
  exists: false,
  sessionId: '',
  status: 'open',
  name: '',
  location: { kind: 'project', id: '' },
  openedAt: new Date(0),
  blind: true,
  doubleCount: false,
  includeAssets: false,
  counters: {},
  lineCount: 0,
  lines: {},
});

/** Where a part line's place is, for messages: null on a project's line. */
export type LinePlace = Place | null;
