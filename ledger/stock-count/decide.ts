/**
 * The rules of a stock count. Counting: only the session's counters, only while it is open, never
 * dated in the future or before it opened; a double count needs two different people; a recount
 * starts a new round whose counts replace the old. Posting: no line waiting for a recount or a
 * second count, no double count that disagrees; each counted part line with a difference becomes a
 * `StockCounted` dated when it was counted, refused (naming the line) when the place moved since so
 * far that the difference would take a figure below zero; missing assets are marked lost and lost
 * ones seen are marked found.
 */
import { COUNT_LIMITS, COUNT_MESSAGES } from '../../contract/counts.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { CountSessionCommand, Person } from './commands.ts';
import type { CountEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { lineName, requireOpen } from './rules.ts';
import { initialCountSessionState, type CountLineState, type CountSessionState, type LineCount } from './state.ts';

export { decidePost, type PostDecision } from './post.ts';

type SessionCommand = Exclude<CountSessionCommand, { type: 'PostCount' }>;
type CountedEvent = Extract<CountEvent, { type: 'CountLineCounted' }>;

/** At least one counter, each allowed to count here; the event keeps who they are, not the check. */
function requireCounters(counters: Array<Person & { member: boolean }>): Person[] {
  if (counters.length === 0) throw new DomainError('VALIDATION', COUNT_MESSAGES.countersRequired, 'counters');
  const outsider = counters.find((c) => !c.member);
  if (outsider) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.counterNotMember(outsider.userName), 'counters');
  const seen = new Set<string>();
  return counters.filter((c) => !seen.has(c.userId) && seen.add(c.userId)).map((c) => ({ userId: c.userId, userName: c.userName }));
}

/**
 * The line's round and its counts once this count is in: a recount opens the next round with this
 * count alone; otherwise it replaces the round's count, or on a double count it is the second
 * count, by someone other than the first (two counts agree or are recounted, never outvoted).
 */
function nextRound(state: CountSessionState, existing: CountLineState | undefined, count: LineCount): { round: number; counts: LineCount[] } {
  if (!existing) return { round: 1, counts: [count] };
  if (existing.recountRequested) return { round: existing.round + 1, counts: [count] };
  if (!state.doubleCount) return { round: existing.round, counts: [count] };
  if (existing.counts.length >= 2) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.alreadyDoubleCounted);
  // The second count checks the first only when someone else makes it; a slip is put right by a recount.
  if (existing.counts.some((c) => c.counterId === count.counterId)) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.sameSecondCounter);
  return { round: existing.round, counts: [...existing.counts, count] };
}

function countLine(command: Extract<SessionCommand, { type: 'CountLine' }>, state: CountSessionState): CountedEvent {
  const { counted, countedAt, now, counter } = command.data;
  requireOpen(state);
  if (!Object.hasOwn(state.counters, counter.userId)) throw new DomainError('FORBIDDEN', COUNT_MESSAGES.notCounter);
  if (countedAt.getTime() > now.getTime()) throw new DomainError('VALIDATION', COUNT_MESSAGES.countedInFuture, 'counted_at');
  if (countedAt.getTime() < state.openedAt.getTime()) throw new DomainError('VALIDATION', COUNT_MESSAGES.countedBeforeOpen, 'counted_at');
  const existing = Object.hasOwn(state.lines, command.data.line.lineId) ? state.lines[command.data.line.lineId] : undefined;
  if (command.data.planned && !existing) throw new DomainError('NOT_FOUND', COUNT_MESSAGES.lineNotFound, 'line_id');
  // A line the plan did not list takes the next number, whatever the caller guessed.
  const line = existing ? existing.line : { ...command.data.line, seq: state.lineCount + 1 };
  const { round, counts } = nextRound(state, existing, { counterId: counter.userId, counterName: counter.userName, counted, countedAt });
  return {
    type: 'CountLineCounted',
    data: {
      sessionId: state.sessionId,
      location: state.location,
      line,
      planned: existing ? existing.planned : false,
      counted,
      countedAt: countedAt.toISOString(),
      counterId: counter.userId,
      counterName: counter.userName,
      round,
      roundCounts: counts.map((c) => ({ counterId: c.counterId, counterName: c.counterName, counted: c.counted, countedAt: c.countedAt.toISOString() })),
      // A recount keeps the earlier round's counts until this one: a line without any was never counted.
      firstCount: !existing || existing.counts.length === 0,
      answersRecount: existing?.recountRequested ?? false,
    },
  };
}

/** Every command but posting: the session's own events. */
export function decide(command: SessionCommand, state: CountSessionState): CountEvent[] {
  switch (command.type) {
    case 'OpenCount': {
      const d = command.data;
      if (state.exists) throw new DomainError('CONFLICT', 'A count with this id already exists.');
      const name = d.name.trim();
      if (name === '') throw new DomainError('VALIDATION', COUNT_MESSAGES.nameRequired, 'name');
      if (d.lines.length === 0) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.noLines);
      if (d.lines.length > COUNT_LIMITS.lines) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.tooManyLines);
      const counters = requireCounters(d.counters);
      return [
        {
          type: 'CountSessionOpened',
          data: {
            sessionId: d.sessionId,
            location: d.location,
            name,
            locationLabel: d.locationLabel,
            scopeLabel: d.scopeLabel,
            dueDate: d.dueDate,
            blind: d.blind,
            doubleCount: d.doubleCount,
            includeAssets: d.includeAssets,
            counters,
            lines: d.lines,
          },
        },
      ];
    }
    case 'CountLine':
      return [countLine(command, state)];
    case 'RequestRecount': {
      requireOpen(state);
      const lineIds = [...new Set(command.data.lineIds)];
      if (lineIds.length === 0) throw new DomainError('VALIDATION', COUNT_MESSAGES.recountNothing, 'line_ids');
      for (const lineId of lineIds) {
        const line = Object.hasOwn(state.lines, lineId) ? state.lines[lineId] : undefined;
        if (!line) throw new DomainError('NOT_FOUND', COUNT_MESSAGES.lineNotFound, 'line_ids');
        if (line.counts.length === 0) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.recountUncounted(lineName(line.line)), 'line_ids');
      }
      // A line already waiting for its recount is asked for once: the session's pending count stays right.
      const asked = lineIds.filter((lineId) => !state.lines[lineId]!.recountRequested);
      if (asked.length === 0) return [];
      const note = command.data.note?.trim() || null;
      return [{ type: 'CountRecountRequested', data: { sessionId: state.sessionId, location: state.location, lineIds: asked, note } }];
    }
    case 'ChangeCounters': {
      requireOpen(state);
      const counters = requireCounters(command.data.counters);
      return [{ type: 'CountCountersChanged', data: { sessionId: state.sessionId, location: state.location, counters } }];
    }
    case 'CancelCount': {
      requireOpen(state);
      const reason = command.data.reason?.trim() || null;
      return [{ type: 'CountSessionCancelled', data: { sessionId: state.sessionId, location: state.location, reason } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const countSessionDecider: Decider<SessionCommand, CountEvent, CountSessionState> = {
  initialState: initialCountSessionState,
  decide,
  evolve,
};
