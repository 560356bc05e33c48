/**
 * What the count commands decide on, read from the count tables rather than folded: a session's
 * row with its stream head and only the lines a batch touches (every line when posting), and the
 * lookups that turn a scanned part, place or serial into a line of the session.
 */
import { sql } from 'kysely';
import type { LoadedStream } from '../../ledger/command.ts';
import type { Db } from '../../ledger/database.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { StreamPosition } from '../../ledger/event-store/types.ts';
import { countSessionDecider } from '../../ledger/stock-count/decide.ts';
import { type CountEvent, type CountLine, countStreamId } from '../../ledger/stock-count/events.ts';
import { type CountLineState, type CountSessionState, initialCountSessionState } from '../../ledger/stock-count/state.ts';
import { type CountLineRow, type CountSessionRow, countersOf, countsOf, findCountSession, placeOf } from './queries.ts';
import { isUuid } from '../../contract/fields.ts';

export { planCount } from './plan.ts';

/** The lines of a session a command needs: by id, by part and place, by asset instance; or all of them. */
export interface CountLineLookup {
  lineIds?: readonly string[];
  parts?: ReadonlyArray<{ materialId: string; placeKey: string }>;
  instanceIds?: readonly string[];
  all?: boolean;
}

export interface CountSessionInput {
  sessionId: string;
  lines?: CountLineLookup;
}

/** The session's stream head as its row keeps it; a session not opened yet is a new stream. */
export function countHeadOf(row: Pick<CountSessionRow, 'stream_version' | 'last_hash'> | undefined): StreamPosition {
  return row ? { version: Number(row.stream_version), hash: Buffer.from(row.last_hash, 'hex') } : { version: 0, hash: null };
}

/** A line's descriptor as the events carry it. */
export function countLineOf(row: CountLineRow): CountLine {
  return {
    lineId: row.line_id,
    seq: Number(row.seq),
    kind: row.kind,
    materialId: row.material_id,
    partNumber: row.part_number,
    partName: row.part_name,
    place: placeOf(row),
    instanceId: row.instance_id,
    assetNumber: row.asset_number,
    serialNumber: row.serial_number,
  };
}

export function countLineStateOf(row: CountLineRow): CountLineState {
  return {
    line: countLineOf(row),
    planned: row.planned,
    round: Number(row.round),
    counts: countsOf(row).map((c) => ({ counterId: c.user_id, counterName: c.name, counted: Number(c.counted), countedAt: new Date(c.counted_at) })),
    recountRequested: row.recount_requested,
  };
}

/** The session as decide sees it, with the given lines. */
export function countSessionStateOf(row: CountSessionRow | undefined, lines: readonly CountLineRow[]): CountSessionState {
  if (!row) return initialCountSessionState();
  return {
    exists: true,
    sessionId: row.id,
    status: row.status,
    name: row.name,
    location: { kind: row.location_kind, id: row.location_id },
    openedAt: new Date(row.created_at),
    blind: row.blind,
    doubleCount: row.double_count,
    includeAssets: row.include_assets,
    counters: Object.fromEntries(countersOf(row).map((c) => [c.user_id, c.name])),
    lineCount: Number(row.line_total),
    lines: Object.fromEntries(lines.map((l) => [l.line_id, countLineStateOf(l)])),
  };
}

async function lineRows(db: Db | Trx, sessionId: string, lookup: CountLineLookup): Promise<CountLineRow[]> {
  const base = db.selectFrom('count_lines').selectAll().where('session_id', '=', sessionId);
  if (lookup.all) return base.orderBy('seq').execute();
  const ids = [...new Set(lookup.lineIds ?? [])];
  const parts = lookup.parts ?? [];
  const instances = [...new Set(lookup.instanceIds ?? [])].filter((id) => isUuid(id));
  if (ids.length === 0 && parts.length === 0 && instances.length === 0) return [];
  return base
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('line_id', 'in', ids)] : []),
        ...(instances.length > 0 ? [eb('instance_id', 'in', instances)] : []),
        ...parts.map((p) => eb.and([eb('material_id', '=', p.materialId), eb('place_key', '=', p.placeKey), eb('kind', '=', 'part')])),
      ]),
    )
    .orderBy('seq')
    .execute();
}

export interface LoadedCountSession {
  row: CountSessionRow | undefined;
  stream: LoadedStream<CountSessionState, CountEvent>;
}

/**
 * One loaded session per input. Inputs naming the same session get the same state holding every
 * line any of them needs, so a later command of a batch, decided on the state an earlier one left,
 * still finds its own lines.
 */
export async function loadCountSessions(db: Db | Trx, inputs: readonly CountSessionInput[]): Promise<LoadedCountSession[]> {
  const bySession = new Map<string, CountLineLookup>();
  for (const input of inputs) {
    const had = bySession.get(input.sessionId) ?? {};
    const want = input.lines ?? {};
    bySession.set(input.sessionId, {
      all: Boolean(had.all || want.all),
      lineIds: [...(had.lineIds ?? []), ...(want.lineIds ?? [])],
      parts: [...(had.parts ?? []), ...(want.parts ?? [])],
      instanceIds: [...(had.instanceIds ?? []), ...(want.instanceIds ?? [])],
    });
  }
  const loaded = new Map<string, LoadedCountSession>();
  for (const [sessionId, lookup] of bySession) {
    const row = await findCountSession(db, sessionId);
    const lines = row ? await lineRows(db, sessionId, lookup) : [];
    loaded.set(sessionId, {
      row,
      stream: { streamId: countStreamId(sessionId), head: countHeadOf(row), state: countSessionStateOf(row, lines), evolve: countSessionDecider.evolve },
    });
  }
  return inputs.map((input) => loaded.get(input.sessionId)!);
}

/** A session's line of a part at a place (`''` for a project's or the unnamed place), or of an asset instance. */
export async function findCountLine(
  db: Db | Trx,
  sessionId: string,
  by: { materialId: string; placeKey: string } | { instanceId: string },
): Promise<CountLineRow | undefined> {
  const [row] = await lineRows(db, sessionId, 'instanceId' in by ? { instanceIds: [by.instanceId] } : { parts: [by] });
  return row;
}

/** A part of the catalogue by its number (without case): what an unplanned line counts. */
export async function findPart(db: Db | Trx, partNumber: string): Promise<{ material_id: string; part_number: string; part_name: string } | undefined> {
  const { rows } = await sql<{ material_id: string; part_number: string; part_name: string }>`
    select material_id, part_number, part_name from materials where lower(part_number) = lower(${partNumber.trim()}) limit 1`.execute(db);
  return rows[0];
}

/** An asset instance by its serial number (without case), with its type: what an unplanned asset line counts. */
export async function findAssetBySerial(
  db: Db | Trx,
  serial: string,
): Promise<{ id: string; asset_number: string; asset_name: string; serial_number: string | null } | undefined> {
  const { rows } = await sql<{ id: string; asset_number: string; asset_name: string; serial_number: string | null }>`
    select i.id, c.asset_number, c.asset_name, i.serial_number
      from asset_instances i join asset_catalog c on c.id = i.catalog_id
     where lower(i.serial_number) = lower(${serial.trim()})
     order by i.id limit 1`.execute(db);
  return rows[0];
}
