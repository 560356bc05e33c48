/**
 * Folds a count session's events. Production loads the state from the read rows instead (a
 * stocktake's stream grows by a count per line); this fold is what those rows must agree with.
 */
import type { CountEvent } from './events.ts';
import type { CountLineState, CountSessionState } from './state.ts';

const counterMap = (counters: Array<{ userId: string; userName: string }>): Record<string, string> =>
  Object.fromEntries(counters.map((c) => [c.userId, c.userName]));

/** `occurredAt`, when the recorded event is at hand, is when the session was opened. */
export function evolve(state: CountSessionState, event: CountEvent & { occurredAt?: Date }): CountSessionState {
  switch (event.type) {
    case 'CountSessionOpened': {
      const d = event.data;
      const lines: Record<string, CountLineState> = {};
      for (const line of d.lines) lines[line.lineId] = { line, planned: true, round: 1, counts: [], recountRequested: false };
      return {
        exists: true,
        sessionId: d.sessionId,
        status: 'open',
        name: d.name,
        location: { kind: d.location.kind, id: d.location.id },
        openedAt: event.occurredAt ?? state.openedAt,
        blind: d.blind,
        doubleCount: d.doubleCount,
        includeAssets: d.includeAssets,
        counters: counterMap(d.counters),
        lineCount: d.lines.reduce((most, line) => Math.max(most, line.seq), 0),
        lines,
      };
    }
    case 'CountLineCounted': {
      const d = event.data;
      const line: CountLineState = {
        line: d.line,
        planned: d.planned,
        round: d.round,
        counts: d.roundCounts.map((c) => ({ counterId: c.counterId, counterName: c.counterName, counted: c.counted, countedAt: new Date(c.countedAt) })),
        recountRequested: false,
      };
      return { ...state, lines: { ...state.lines, [d.line.lineId]: line }, lineCount: Math.max(state.lineCount, d.line.seq) };
    }
    case 'CountRecountRequested': {
      const lines = { ...state.lines };
      for (const lineId of event.data.lineIds) {
        const line = lines[lineId];
        if (line) lines[lineId] = { ...line, recountRequested: true };
      }
      return { ...state, lines };
    }
    case 'CountCountersChanged':
      return { ...state, counters: counterMap(event.data.counters) };
    case 'CountSessionPosted':
      return { ...state, status: 'posted' };
    case 'CountSessionCancelled':
      return { ...state, status: 'cancelled' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
