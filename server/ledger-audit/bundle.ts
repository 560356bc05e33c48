/**
 * The auditor's bundle for one project and period (contract/ledger.ts AuditBundle): read in one
 * snapshot after sealing everything committed so far and signing the head, so every log row in it
 * has a ledger_seq under the covering checkpoint. Built as JSON text piece by piece, events already
 * serialised, so a large period does not sit in memory as objects.
 */
import { PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import { projectLocation } from '../../ledger/stock-item/events.ts';
import { sql } from 'kysely';
import {
  BUNDLE_EXTRA_COLUMNS,
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  type Checkpoint,
  type PublicKey,
  periodEnd,
  periodStart,
  type StockFiguresOf,
} from '../../contract/ledger.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { Db, Trx } from '../../ledger/event-store/event-store.ts';
import { toHex } from '../../ledger/event-store/hash-chain.ts';
import { consistencyProof } from '../../ledger/seal/merkle.ts';
import { checkpointAt, listCheckpoints, withStoredTree } from '../../ledger/seal/seal-store.ts';
import { LOG_EXPORT_COLUMNS } from '../../projections/activity-log/queries.ts';
import { stockFiguresAsOf } from '../../projections/activity-log/stock-as-of.ts';
import { csvLine } from '../csv.ts';

export const BUNDLE_COLUMNS = [...LOG_EXPORT_COLUMNS, ...BUNDLE_EXTRA_COLUMNS];

export interface BundleRequest {
  projectId: string;
  from: string;
  to: string;
  since?: number | undefined;
}

export interface BuiltBundle {
  fileName: string;
  /** The JSON text in pieces, to be written one after another. */
  pieces: string[];
  events: number;
  checkpoint: Checkpoint;
}

/** A period's rows can only be bundled once all of them are sealed; the caller seals and asks again. */
export class NotYetSealed extends Error {}

const MAX_CHECKPOINTS = 1000;

export async function buildBundle(db: Db, request: BundleRequest, publicKey: PublicKey, now = new Date()): Promise<BuiltBundle> {
  const from = periodStart(request.from);
  const to = periodEnd(request.to);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const project = await trx.selectFrom('projects').select(['id', 'project_number', 'project_name']).where('id', '=', request.projectId).executeTakeFirst();
      if (!project) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
      const [covering] = await listCheckpoints(trx, { limit: 1 });
      if (!covering) throw new NotYetSealed();
      const { rows } = await sql<Record<string, unknown> & { position: number; ledger_seq: number | null; chain_hash: Uint8Array | null }>`
        select a.position, to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date, a.log_type, a.part_number, a.part_name,
               a.quantity, a.actor_name, a.associated_name, u.email, a.d_on_hand, a.d_field, a.d_lost, a.bin_info, a.note, a.source, a.hash,
               s.ledger_seq, s.chain_hash
          from activity_log a
          left join users u on u.id = a.associated_user_id
          left join ledger_seal s on s.global_position = a.position
         where a.location_kind = 'project' and a.location_id = ${project.id} and a.occurred_at >= ${from} and a.occurred_at < ${to}
         order by s.ledger_seq nulls last, a.position`.execute(trx);
      if (rows.some((row) => row.ledger_seq === null || Number(row.ledger_seq) > covering.ledger_seq)) throw new NotYetSealed();

      let csv = `\uFEFF${csvLine(BUNDLE_COLUMNS)}`;
      for (const row of rows) csv += csvLine([...Object.values(row).slice(0, LOG_EXPORT_COLUMNS.length), Number(row.ledger_seq), toHex(row.chain_hash!)]);
      const events = await bundleEvents(trx, project.id, from, to);
      const firstEventSeq = events.length > 0 ? events[0]!.seq : covering.ledger_seq;
      // The range starts just after a signed head when there is one, so its first chain hash is vouched for.
      const [anchor] = await listCheckpoints(trx, { limit: 1, before: firstEventSeq });
      const firstSeq = anchor ? anchor.ledger_seq + 1 : 1;
      const within = await listCheckpoints(trx, { limit: MAX_CHECKPOINTS, from: firstSeq, to: covering.ledger_seq });
      const checkpoints = [...(anchor ? [anchor] : []), ...within.reverse()];
      const seal = await trx
        .selectFrom('ledger_seal')
        .select('event_hash')
        .where('ledger_seq', '>=', firstSeq)
        .where('ledger_seq', '<=', covering.ledger_seq)
        .orderBy('ledger_seq')
        .execute();
      const proofsFrom = new Set<number>();
      if (anchor) proofsFrom.add(anchor.ledger_seq);
      if (request.since !== undefined && request.since <= covering.ledger_seq) {
        if (!(await checkpointAt(trx, request.since))) throw new DomainError('NOT_FOUND', `No checkpoint at ledger_seq ${request.since}`);
        proofsFrom.add(request.since);
      }
      const consistency = await withStoredTree(trx, covering.ledger_seq, (source) =>
        [...proofsFrom].map((m) => ({ m, proof: consistencyProof(source, m, covering.ledger_seq).map(toHex) })),
      );
      const roots = new Map((await Promise.all([...proofsFrom].map((m) => checkpointAt(trx, m)))).map((c) => [c!.ledger_seq, c!.tree_root]));
      const figures = await periodFigures(trx, project.id, from, to, events);

      const pieces = [
        `{"format":${JSON.stringify(BUNDLE_FORMAT)},"version":${BUNDLE_VERSION},"created_at":${JSON.stringify(now.toISOString())},`,
        `"project":${JSON.stringify({ id: project.id, number: project.project_number, name: project.project_name })},`,
        `"period":${JSON.stringify({ from: from.toISOString(), to: to.toISOString() })},"public_key":${JSON.stringify(publicKey)},`,
        `"csv":${JSON.stringify(csv)},"events":[`,
        events.map((e) => e.json).join(','),
        `],"seal":{"first_seq":${firstSeq},"prev_chain_hash":"${anchor ? anchor.chain_hash : toHex(Buffer.alloc(32))}","event_hashes":[`,
        seal.map((s) => `"${toHex(s.event_hash)}"`).join(','),
        `]},"checkpoints":${JSON.stringify(checkpoints)},`,
        `"consistency":${JSON.stringify(consistency.map(({ m, proof }) => ({ from: { ledger_seq: m, tree_root: roots.get(m) }, to: { ledger_seq: covering.ledger_seq, tree_root: covering.tree_root }, proof })))},`,
        `"figures":${JSON.stringify(figures)}}`,
      ];
      const edge = (d: Date) => d.toISOString().slice(0, 10);
      const fileName = `ledger_bundle_${project.project_number.replace(/[^\w-]+/g, '_')}_${edge(from)}_${edge(new Date(to.getTime() - 1))}.json`;
      return { fileName, pieces, events: events.length, checkpoint: covering };
    });
}

interface SerialisedEvent {
  seq: number;
  streamId: string;
  json: string;
}

/** The events behind the period's rows, in ledger_seq order, each already JSON. */
async function bundleEvents(trx: Trx, projectId: string, from: Date, to: Date): Promise<SerialisedEvent[]> {
  const { rows } = await sql<{ ledger_seq: number; global_position: number; stream_id: string; json: string }>`
    select s.ledger_seq, e.global_position, e.stream_id,
           json_build_object('ledger_seq', s.ledger_seq, 'global_position', e.global_position, 'stream_id', e.stream_id, 'stream_version', e.stream_version,
             'type', e.type, 'data', e.data, 'metadata', e.metadata,
             'occurred_at', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'recorded_at', to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'prev_hash', encode(e.prev_hash, 'hex'), 'hash', encode(e.hash, 'hex'))::text as json
      from (select distinct position from activity_log
             where location_kind = 'project' and location_id = ${projectId} and occurred_at >= ${from} and occurred_at < ${to}) a
      join events e on e.global_position = a.position
      join ledger_seal s on s.global_position = e.global_position
     order by s.ledger_seq`.execute(trx);
  return rows.map((row) => ({ seq: Number(row.ledger_seq), streamId: row.stream_id, json: row.json }));
}

const figuresOf = (
  row: { logistics_qty: number; on_hand: number; field_assigned: number; lost_outstanding: number; in_transit: number; incoming: number } | undefined,
): StockFiguresOf => ({
  logistics: Number(row?.logistics_qty ?? 0),
  on_hand: Number(row?.on_hand ?? 0),
  field: Number(row?.field_assigned ?? 0),
  lost: Number(row?.lost_outstanding ?? 0),
  in_transit: Number(row?.in_transit ?? 0),
  incoming: Number(row?.incoming ?? 0),
});

/** Each part moved in the period: its figures just before the period and at its end, as of those instants. */
async function periodFigures(trx: Trx, projectId: string, from: Date, to: Date, events: SerialisedEvent[]) {
  const location = projectLocation(projectId);
  const moved = new Set(events.map((e) => e.streamId.split(':')[3]!));
  const [opening, closing] = await Promise.all([
    stockFiguresAsOf(trx, location, new Date(from.getTime() - 1)),
    stockFiguresAsOf(trx, location, new Date(to.getTime() - 1)),
  ]);
  const openingOf = new Map(opening.map((row) => [row.material_id, row]));
  return closing
    .filter((row) => moved.has(row.material_id))
    .map((row) => ({
      material_id: row.material_id,
      part_number: row.part_number,
      opening: figuresOf(openingOf.get(row.material_id)),
      closing: figuresOf(row),
    }));
}
