/**
 * Commands of a count session (stream `count:<id>`): open it with its plan, count a line, ask for
 * recounts, change the counters, cancel. The session's state is loaded from its read rows with only
 * the lines the batch touches (projections/stock-count/loaders.ts); the rules are `decide`'s.
 * Posting is a command of its own (it also appends to the stock streams).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  COUNT_LIMITS,
  COUNT_MESSAGES,
  CYCLE_STRATEGY_LABELS,
  type CountEntryAnswer,
  type CountEntryBody,
  type CountLocation,
  type CountScope,
} from '../../contract/counts.ts';
import { PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import { WAREHOUSE_MESSAGES } from '../../contract/messages/warehouses.ts';
import { normalizePlace, placeKey } from '../../contract/place.ts';
import { warehouseLabel } from '../../contract/warehouses.ts';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { CountSessionCommand, Person } from '../../ledger/stock-count/commands.ts';
import { decide } from '../../ledger/stock-count/decide.ts';
import type { CountEvent, CountLine } from '../../ledger/stock-count/events.ts';
import type { CountSessionState } from '../../ledger/stock-count/state.ts';
import { type CountLineLookup, findAssetBySerial, findPart, loadCountSessions, planCount } from '../../projections/stock-count/loaders.ts';
import { displayName } from '../plugins/command-context.ts';
import { isUuid } from '../../contract/fields.ts';

export interface OpenCountInput {
  type: 'open';
  sessionId: string;
  location: CountLocation;
  scope: CountScope;
  includeAssets: boolean;
  name: string;
  dueDate: string | null;
  blind: boolean;
  doubleCount: boolean;
  counterIds: string[];
}

export type CountCommandInput =
  | OpenCountInput
  | { type: 'count'; sessionId: string; entry: CountEntryBody; counter: Person }
  | { type: 'recount'; sessionId: string; lineIds: string[]; note: string | null }
  | { type: 'counters'; sessionId: string; counterIds: string[] }
  | { type: 'cancel'; sessionId: string; reason: string | null };

/** What a count entry names, resolved when loaded: a line of the session, or what a new line would count. */
type Target = { kind: 'line'; lineId: string } | { kind: 'new'; line: CountLine };

interface CountContext extends CommandContext {
  streams: { session: LoadedStream<CountSessionState, CountEvent> };
  /** Refused while loading (an unknown part or serial): refused when decided, so the batch goes on. */
  refusal?: DomainError;
  target?: Target;
  counters?: Array<Person & { member: boolean }>;
  open?: { locationLabel: string; scopeLabel: string; lines: CountLine[] };
}

export type CountCommandResult = { sessionId: string } | CountEntryAnswer;

/** "All parts", "Part numbers starting PN-, at or below the low threshold", "Cycle: most moved (last 90 days), 50". */
export function scopeLabel(scope: CountScope, includeAssets: boolean): string {
  const assets = includeAssets ? ', with assets' : '';
  if (scope.kind === 'all') return `All parts${assets}`;
  if (scope.kind === 'cycle') return `Cycle: ${CYCLE_STRATEGY_LABELS[scope.strategy].toLowerCase()}, ${scope.size}${assets}`;
  const parts = [
    scope.part_prefix?.trim() ? `Part numbers starting ${scope.part_prefix.trim()}` : null,
    scope.place?.trim() ? `Location containing ${scope.place.trim()}` : null,
    scope.below_threshold ? 'At or below the low threshold' : null,
  ].filter((p): p is string => p !== null);
  const said = parts.length > 0 ? parts.join(', ') : 'All parts';
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}${assets}`;
}

/** The location's name as its screens show it; a location that does not exist is refused. */
export async function locationLabel(db: Trx | EventStore['db'], location: CountLocation): Promise<string> {
  if (!isUuid(location.id)) throw new DomainError('NOT_FOUND', location.kind === 'project' ? PROJECT_NOT_FOUND : WAREHOUSE_MESSAGES.notFound);
  if (location.kind === 'project') {
    const row = await db.selectFrom('projects').select('project_name').where('id', '=', location.id).where('archived_at', 'is', null).executeTakeFirst();
    if (!row) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
    return row.project_name;
  }
  const row = await db.selectFrom('warehouses').select(['num_id', 'name']).where('id', '=', location.id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
  return warehouseLabel({ num_id: Number(row.num_id), name: row.name });
}

/**
 * The picked counters with whether each may count here: a project's active members, or for a
 * warehouse any active user. An id that names nobody is refused by its id.
 */
export async function loadCounters(trx: Trx, location: CountLocation, ids: readonly string[]): Promise<Array<Person & { member: boolean }>> {
  const valid = [...new Set(ids)].filter((id) => isUuid(id));
  const { rows } =
    valid.length === 0
      ? { rows: [] }
      : await sql<{ id: string; user_firstname: string; user_lastname: string; email: string; member: boolean }>`
          select u.id, u.user_firstname, u.user_lastname, u.email,
                 ${location.kind === 'warehouse' ? sql`true` : sql`exists (select 1 from project_members m where m.project_id = ${location.id} and m.user_id = u.id)`} as member
            from users u where u.id = any(${valid}::uuid[]) and u.deactivated_at is null`.execute(trx);
  const found = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].map((id) => {
    const user = found.get(id);
    return user ? { userId: id, userName: displayName(user), member: Boolean(user.member) } : { userId: id, userName: id, member: false };
  });
}

/** What a count entry names, and the lines of the session to load for it. */
async function resolveEntry(trx: Trx, entry: CountEntryBody, session: SessionWhere | null): Promise<{ target: Target; lookup: CountLineLookup }> {
  if (entry.line_id) return { target: { kind: 'line', lineId: entry.line_id }, lookup: { lineIds: [entry.line_id] } };
  const blank = { lineId: randomUUID(), seq: 1, instanceId: null, assetNumber: null, serialNumber: null, materialId: null, partNumber: null, partName: null };
  const partNumber = (entry.part_number ?? '').trim();
  const part = entry.serial_number ? undefined : await findPart(trx, partNumber);
  // The counting page sends whatever was typed or scanned as a part number: in a count that takes
  // assets, one that names no part may be a serial.
  const serial = entry.serial_number ?? (!part && session?.includeAssets && partNumber ? partNumber : null);
  const asset = serial ? await findAssetBySerial(trx, serial) : undefined;
  if (entry.serial_number && !asset) throw new DomainError('NOT_FOUND', COUNT_MESSAGES.serialNotFound(entry.serial_number.trim()), 'serial_number');
  if (asset) {
    const line: CountLine = {
      ...blank,
      kind: 'asset',
      partName: asset.asset_name,
      place: null,
      instanceId: asset.id,
      assetNumber: asset.asset_number,
      serialNumber: asset.serial_number,
    };
    return { target: { kind: 'new', line }, lookup: { instanceIds: [asset.id] } };
  }
  if (!part) throw new DomainError('NOT_FOUND', COUNT_MESSAGES.partNotFound(partNumber), 'part_number');
  // A warehouse counts each place on its own line; a project's stock has no places.
  const place = session?.location.kind === 'warehouse' ? normalizePlace(entry.place ?? null) : null;
  const line: CountLine = { ...blank, kind: 'part', materialId: part.material_id, partNumber: part.part_number, partName: part.part_name, place };
  return { target: { kind: 'new', line }, lookup: { parts: [{ materialId: part.material_id, placeKey: place ? placeKey(place) : '' }] } };
}

/** The session's line a new entry would duplicate: one earlier in the batch may have added it. */
function existingLineFor(state: CountSessionState, line: CountLine): string | null {
  for (const [lineId, l] of Object.entries(state.lines)) {
    if (line.kind === 'asset' ? l.line.instanceId === line.instanceId : l.line.kind === 'part' && l.line.materialId === line.materialId) {
      if (line.kind === 'asset' || (l.line.place ? placeKey(l.line.place) : '') === (line.place ? placeKey(line.place) : '')) return lineId;
    }
  }
  return null;
}

/** Where the session counts and whether it takes assets: an entry's place means something only at a warehouse. */
interface SessionWhere {
  location: CountLocation;
  includeAssets: boolean;
}
async function sessionWhere(trx: Trx, sessionId: string): Promise<SessionWhere | null> {
  if (!isUuid(sessionId)) return null;
  const row = await trx.selectFrom('count_sessions').select(['location_kind', 'location_id', 'include_assets']).where('id', '=', sessionId).executeTakeFirst();
  return row ? { location: { kind: row.location_kind, id: row.location_id }, includeAssets: row.include_assets } : null;
}

async function prepare(trx: Trx, input: CountCommandInput): Promise<{ lookup: CountLineLookup; extra: Omit<CountContext, 'streams'> }> {
  switch (input.type) {
    case 'open': {
      const label = await locationLabel(trx, input.location);
      const counters = await loadCounters(trx, input.location, input.counterIds);
      const planned = await planCount(trx, input.location, input.scope, input.includeAssets);
      if (planned.length > COUNT_LIMITS.lines) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.tooManyLines);
      const lines = planned.map(
        (p, i): CountLine => ({
          lineId: randomUUID(),
          seq: i + 1,
          kind: p.kind,
          materialId: p.material_id,
          partNumber: p.part_number,
          partName: p.part_name,
          place: p.place,
          instanceId: p.instance_id,
          assetNumber: p.asset_number,
          serialNumber: p.serial_number,
        }),
      );
      return { lookup: {}, extra: { counters, open: { locationLabel: label, scopeLabel: scopeLabel(input.scope, input.includeAssets), lines } } };
    }
    case 'count': {
      const { target, lookup } = await resolveEntry(trx, input.entry, await sessionWhere(trx, input.sessionId));
      return { lookup, extra: { target } };
    }
    case 'recount':
      return { lookup: { lineIds: input.lineIds }, extra: {} };
    case 'counters': {
      const session = await sessionWhere(trx, input.sessionId);
      return { lookup: {}, extra: { counters: session ? await loadCounters(trx, session.location, input.counterIds) : [] } };
    }
    case 'cancel':
      return { lookup: {}, extra: {} };
    default: {
      const unknown: never = input;
      return unknown;
    }
  }
}

function command(input: CountCommandInput, context: CountContext, now: Date): Exclude<CountSessionCommand, { type: 'PostCount' }> {
  switch (input.type) {
    case 'open':
      return {
        type: 'OpenCount',
        data: {
          sessionId: input.sessionId,
          name: input.name,
          location: input.location,
          locationLabel: context.open!.locationLabel,
          scopeLabel: context.open!.scopeLabel,
          dueDate: input.dueDate,
          blind: input.blind,
          doubleCount: input.doubleCount,
          includeAssets: input.includeAssets,
          counters: context.counters!,
          lines: context.open!.lines,
        },
      };
    case 'count': {
      const { state } = context.streams.session;
      const target = context.target!;
      const lineId = target.kind === 'line' ? target.lineId : existingLineFor(state, target.line);
      const existing = lineId !== null && Object.hasOwn(state.lines, lineId) ? state.lines[lineId]! : null;
      const line: CountLine = existing?.line ?? (target.kind === 'new' ? target.line : { ...emptyLine, lineId: target.lineId });
      const countedAt = input.entry.counted_at ? new Date(input.entry.counted_at) : now;
      return {
        type: 'CountLine',
        data: { line, planned: existing !== null || target.kind === 'line', counted: input.entry.counted, countedAt, now, counter: input.counter },
      };
    }
    case 'recount':
      return { type: 'RequestRecount', data: { lineIds: input.lineIds, note: input.note } };
    case 'counters':
      return { type: 'ChangeCounters', data: { counters: context.counters! } };
    case 'cancel':
      return { type: 'CancelCount', data: { reason: input.reason } };
    default: {
      const unknown: never = input;
      return unknown;
    }
  }
}

/** A line_id the session does not have: decide refuses it as not part of the count. */
const emptyLine: CountLine = {
  lineId: '',
  seq: 1,
  kind: 'part',
  materialId: null,
  partNumber: null,
  partName: null,
  place: null,
  instanceId: null,
  assetNumber: null,
  serialNumber: null,
};

const countHandler: CommandHandler<CountCommandInput, CountContext, CountCommandResult> = {
  name: 'count-session',
  async load(trx, inputs) {
    const prepared: Array<{ lookup: CountLineLookup; extra: Omit<CountContext, 'streams'> }> = [];
    for (const input of inputs) {
      try {
        prepared.push(await prepare(trx, input));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        prepared.push({ lookup: {}, extra: { refusal: error } });
      }
    }
    const sessions = await loadCountSessions(
      trx,
      inputs.map((input, i) => ({ sessionId: input.sessionId, lines: prepared[i]!.lookup })),
    );
    return sessions.map((s, i) => ({ streams: { session: s.stream }, ...prepared[i]!.extra }));
  },
  decide(input, context, now): Decision<CountCommandResult> {
    if (context.refusal) throw context.refusal;
    const events = decide(command(input, context, now), context.streams.session.state);
    const appends = [{ streamId: context.streams.session.streamId, events }];
    const counted = events.find((e): e is Extract<CountEvent, { type: 'CountLineCounted' }> => e.type === 'CountLineCounted');
    if (counted) {
      const d = counted.data;
      // Dated when it was counted on the device: the read row and the review measure from then.
      return {
        appends: [{ streamId: context.streams.session.streamId, events: [{ ...counted, occurredAt: new Date(d.countedAt) }] }],
        result: { line_id: d.line.lineId, seq: d.line.seq, counted: d.counted, counted_at: d.countedAt, status: 'counted' },
      };
    }
    return { appends, result: { sessionId: input.sessionId } };
  },
};

/** Runs one count session command; `replayed` when its idempotency key had been seen. */
export function runCountCommand(store: EventStore, input: CountCommandInput, options: CommandOptions) {
  return runCommand(store, countHandler, input, options);
}

/** Opens a count session at a location with its planned lines; returns its id. */
export async function openCount(store: EventStore, input: Omit<OpenCountInput, 'type' | 'sessionId'>, options: CommandOptions): Promise<string> {
  const { result } = await runCountCommand(store, { type: 'open', sessionId: randomUUID(), ...input }, options);
  // A repeated request (same idempotency key) names the session the first one opened.
  if (!('sessionId' in result)) throw new Error('open: no session id');
  return result.sessionId;
}
