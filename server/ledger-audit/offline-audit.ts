/**
 * The offline audit of a bundle (no database): every log row matches its event, every event's hash
 * recomputes and each stream's events link, the global chain recomputes from its signed start to
 * every checkpoint, every checkpoint's signature verifies, each part's figures at the end of the
 * period are its figures at the start plus the period's events, and, given a checkpoint the auditor
 * saved earlier, the bundle's books extend it. Stops at the first thing that does not hold.
 */
import {
  type AuditBundle,
  auditBundle,
  BUNDLE_EXTRA_COLUMNS,
  type BundleEvent,
  type Checkpoint,
  checkpoint as checkpointSchema,
  type StockFiguresOf,
} from '../../contract/ledger.ts';
import { eventHash, toHex } from '../../ledger/event-store/hash-chain.ts';
import { chainHash, fromHex, GENESIS_CHAIN_HASH } from '../../ledger/seal/chain.ts';
import { verifyConsistency } from '../../ledger/seal/merkle.ts';
import { keyIdOf, verifyCheckpointSignature } from '../../ledger/seal/signing-key.ts';
import { isStockItemEvent, stockItemEventSchemas, type StockItemEvent } from '../../ledger/stock-item/events.ts';
import { stockDeltas } from '../../ledger/stock-item/stock-numbers.ts';
import { checkedEvent } from '../../ledger/checked-event.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { LOG_TYPES } from '../../projections/activity-log/projector.ts';
import { LOG_EXPORT_COLUMNS } from '../../projections/activity-log/queries.ts';
import { z } from 'zod';
import { parseCsv } from './csv-read.ts';

export class AuditFailure extends Error {}

const fail = (message: string): never => {
  throw new AuditFailure(message);
};

/** The bundle's frame checked by its schema; its events and hashes, the bulk of it, by the loops below (a schema would copy each). */
const bundleFrame = auditBundle.extend({ events: z.array(z.unknown()), seal: auditBundle.shape.seal.extend({ event_hashes: z.array(z.unknown()) }) });
const HEX32 = /^[0-9a-f]{64}$/;
const isHash = (value: unknown) => typeof value === 'string' && HEX32.test(value);

function isEvent(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  const whole = (n: unknown) => Number.isInteger(n);
  return (
    whole(e.ledger_seq) &&
    whole(e.global_position) &&
    whole(e.stream_version) &&
    typeof e.stream_id === 'string' &&
    typeof e.type === 'string' &&
    typeof e.occurred_at === 'string' &&
    isHash(e.hash) &&
    (e.prev_hash === null || isHash(e.prev_hash))
  );
}

export function parseBundle(text: string): AuditBundle {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('the bundle is not JSON');
  }
  const parsed = bundleFrame.safeParse(json);
  if (!parsed.success)
    return fail(`the bundle is not a StockLedger audit bundle: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  const { events, seal } = parsed.data;
  for (const [i, e] of events.entries()) if (!isEvent(e)) fail(`the bundle is not a StockLedger audit bundle: events.${i} is not an event`);
  for (const [i, h] of seal.event_hashes.entries()) if (!isHash(h)) fail(`the bundle is not a StockLedger audit bundle: seal.event_hashes.${i} is not a hash`);
  return parsed.data as AuditBundle;
}

export function parseSavedCheckpoint(text: string): Checkpoint {
  const parsed = checkpointSchema.safeParse(JSON.parse(text));
  if (!parsed.success) return fail(`the checkpoint file is not a checkpoint: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The event as the ledger's own functions take it (hash, deltas), made once per event. */
const recordedOf = new WeakMap<BundleEvent, RecordedEvent>();
function asRecorded(e: BundleEvent): RecordedEvent {
  let recorded = recordedOf.get(e);
  if (!recorded) {
    recorded = {
      streamId: e.stream_id,
      streamVersion: e.stream_version,
      type: e.type,
      data: e.data,
      metadata: e.metadata,
      occurredAt: new Date(e.occurred_at),
      globalPosition: e.global_position,
    } as RecordedEvent;
    recordedOf.set(e, recorded);
  }
  return recorded;
}

const stockOf = new WeakMap<BundleEvent, StockItemEvent | null>();

/**
 * A stock event of the bundle with its data checked against its type's schema, once: the file is not
 * trusted, so a row's figures are never computed from data of the wrong shape.
 */
function stockEventOf(e: BundleEvent): StockItemEvent | null {
  if (stockOf.has(e)) return stockOf.get(e)!;
  const recorded = asRecorded(e);
  let stock: StockItemEvent | null = null;
  if (isStockItemEvent(recorded)) {
    const parsed = stockItemEventSchemas[recorded.type].safeParse(recorded.data);
    if (!parsed.success) fail(`the event at position ${e.global_position} does not have the data of a ${recorded.type}`);
    stock = checkedEvent<StockItemEvent>({ type: recorded.type, data: parsed.data });
  }
  stockOf.set(e, stock);
  return stock;
}

/** Runs every check in order, telling `log` what held; throws AuditFailure on the first that does not. */
export function auditBundleData(bundle: AuditBundle, saved: Checkpoint | null, log: (line: string) => void): void {
  const key = bundle.public_key;
  if (keyIdOf(fromHex(key.public_key_hex)) !== key.key_id) fail(`the public key's id ${key.key_id} does not match the key`);
  for (const c of bundle.checkpoints) {
    if (c.key_id !== key.key_id || !verifyCheckpointSignature(c, key))
      fail(`checkpoint at ledger_seq ${c.ledger_seq}: its signature does not verify with key ${key.key_id}`);
  }
  log(`ok  ${bundle.checkpoints.length} checkpoint signatures verify with Ed25519 key ${key.key_id}`);

  // Events: each hash recomputes from the event, and a stream's consecutive events link.
  const previous = new Map<string, BundleEvent>();
  for (const e of bundle.events) {
    const prev = e.prev_hash === null ? null : fromHex(e.prev_hash);
    if (toHex(eventHash(prev, asRecorded(e))) !== e.hash)
      fail(`event at position ${e.global_position} (stream ${e.stream_id} version ${e.stream_version}): its hash does not recompute: the event was changed`);
    const before = previous.get(e.stream_id);
    if (before && before.stream_version + 1 === e.stream_version && before.hash !== e.prev_hash)
      fail(`stream ${e.stream_id} version ${e.stream_version}: prev_hash is not the hash of version ${before.stream_version}`);
    previous.set(e.stream_id, e);
  }
  log(`ok  ${bundle.events.length} event hashes recompute and link within their streams`);

  // The global chain from its start to the covering checkpoint.
  const { first_seq: firstSeq, event_hashes: hashes } = bundle.seal;
  const lastSeq = firstSeq + hashes.length - 1;
  const bySeq = new Map(bundle.checkpoints.map((c) => [c.ledger_seq, c]));
  const covering = bundle.checkpoints[bundle.checkpoints.length - 1] ?? fail('the bundle carries no checkpoint');
  if (covering.ledger_seq !== lastSeq) fail(`the sealed range ends at ledger_seq ${lastSeq}, not at the covering checkpoint's ${covering.ledger_seq}`);
  if (firstSeq === 1 ? bundle.seal.prev_chain_hash !== toHex(GENESIS_CHAIN_HASH) : bySeq.get(firstSeq - 1)?.chain_hash !== bundle.seal.prev_chain_hash) {
    fail(`the sealed range's start (ledger_seq ${firstSeq - 1}) is not vouched for by a signed checkpoint`);
  }
  const chainAt = new Map<number, string>();
  const wanted = new Set<number>([...bundle.events.map((e) => e.ledger_seq), ...bySeq.keys(), ...(saved ? [saved.ledger_seq] : [])]);
  let chain: Buffer = fromHex(bundle.seal.prev_chain_hash);
  chainAt.set(firstSeq - 1, bundle.seal.prev_chain_hash);
  for (let i = 0; i < hashes.length; i += 1) {
    chain = chainHash(chain, fromHex(hashes[i]!));
    if (wanted.has(firstSeq + i)) chainAt.set(firstSeq + i, toHex(chain));
  }
  for (const c of bundle.checkpoints) {
    if (c.ledger_seq >= firstSeq - 1 && chainAt.get(c.ledger_seq) !== c.chain_hash)
      fail(`checkpoint at ledger_seq ${c.ledger_seq}: the chain recomputed from the bundle does not reach its chain hash`);
  }
  for (const e of bundle.events) {
    if (e.ledger_seq < firstSeq || e.ledger_seq > lastSeq)
      fail(`event at position ${e.global_position} has ledger_seq ${e.ledger_seq}, outside the sealed range ${firstSeq}…${lastSeq}`);
    if (hashes[e.ledger_seq - firstSeq] !== e.hash)
      fail(
        `event at position ${e.global_position} (stream ${e.stream_id} version ${e.stream_version}, ledger_seq ${e.ledger_seq}): its hash is not the one sealed`,
      );
  }
  log(`ok  the global chain recomputes over ledger_seq ${firstSeq}…${lastSeq} to every checkpoint's chain hash, and holds every event at its ledger_seq`);

  checkRows(bundle, chainAt);
  log(`ok  ${bundle.events.length} log rows match their events (position, date, type, part, amount, changes, hash, ledger_seq, chain hash)`);
  checkFigures(bundle);
  log(`ok  ${bundle.figures.length} parts' closing figures equal their opening figures plus the period's events`);

  for (const proof of bundle.consistency) {
    const from = bySeq.get(proof.from.ledger_seq);
    if (from && from.tree_root !== proof.from.tree_root)
      fail(`the consistency proof from ledger_seq ${proof.from.ledger_seq} starts from a head that is not the signed one`);
    if (proof.to.ledger_seq !== covering.ledger_seq || proof.to.tree_root !== covering.tree_root)
      fail('a consistency proof does not end at the covering checkpoint');
    if (!verifyConsistency(proof.from.ledger_seq, proof.to.ledger_seq, fromHex(proof.from.tree_root), fromHex(proof.to.tree_root), proof.proof.map(fromHex))) {
      fail(`the consistency proof from ledger_seq ${proof.from.ledger_seq} to ${proof.to.ledger_seq} does not verify`);
    }
  }
  log(
    `ok  ${bundle.consistency.length} consistency proofs verify up to the covering checkpoint (ledger_seq ${covering.ledger_seq}, signed ${covering.signed_at})`,
  );

  if (saved) checkSaved(bundle, saved, chainAt, covering, log);
}

function checkSaved(bundle: AuditBundle, saved: Checkpoint, chainAt: Map<number, string>, covering: Checkpoint, log: (line: string) => void): void {
  const key = bundle.public_key;
  if (saved.key_id !== key.key_id) fail(`your checkpoint was signed by key ${saved.key_id}; this bundle's key is ${key.key_id}`);
  if (!verifyCheckpointSignature(saved, key)) fail(`your checkpoint at ledger_seq ${saved.ledger_seq}: its signature does not verify`);
  if (saved.ledger_seq > covering.ledger_seq)
    fail(`your checkpoint (ledger_seq ${saved.ledger_seq}) is newer than the bundle's (${covering.ledger_seq}): the ledger lost events since`);
  let proven = false;
  const chain = chainAt.get(saved.ledger_seq);
  if (chain !== undefined) {
    if (chain !== saved.chain_hash)
      fail(
        `at ledger_seq ${saved.ledger_seq} the bundle's chain hash is ${chain}, your checkpoint's is ${saved.chain_hash}: the books were rewritten since you saved it`,
      );
    proven = true;
  }
  const proof = bundle.consistency.find((p) => p.from.ledger_seq === saved.ledger_seq);
  if (proof) {
    if (proof.from.tree_root !== saved.tree_root)
      fail(
        `at ledger_seq ${saved.ledger_seq} the bundle's tree head is ${proof.from.tree_root}, your checkpoint's is ${saved.tree_root}: the books were rewritten since you saved it`,
      );
    proven = true;
  }
  if (!proven) fail(`the bundle cannot prove it extends your checkpoint at ledger_seq ${saved.ledger_seq}: download it again with since=${saved.ledger_seq}`);
  log(`ok  the bundle's books extend your checkpoint at ledger_seq ${saved.ledger_seq} (signed ${saved.signed_at})`);
}

const FORMULA_QUOTED = /^'[=+\-@\t\r]/;
const cellText = (cell: string) => (FORMULA_QUOTED.test(cell) ? cell.slice(1) : cell);

function checkRows(bundle: AuditBundle, chainAt: Map<number, string>): void {
  const [header, ...rows] = parseCsv(bundle.csv);
  const columns = [...LOG_EXPORT_COLUMNS, ...BUNDLE_EXTRA_COLUMNS];
  if (!header || header.join('|') !== columns.join('|')) fail(`the CSV's header is not ${columns.join(', ')}`);
  const index = new Map<string, number>(columns.map((name, i) => [name, i]));
  const at = (name: (typeof columns)[number]) => index.get(name)!;
  const byPosition = new Map(bundle.events.map((e) => [e.global_position, e]));
  if (rows.length !== bundle.events.length) fail(`the CSV has ${rows.length} rows for ${bundle.events.length} events`);
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const position = Number(row[at('Position')]);
    const e = byPosition.get(position) ?? fail(`CSV line ${line}: no event at position ${row[at('Position')]}`);
    if (seen.has(position)) fail(`CSV line ${line}: position ${position} appears twice`);
    seen.add(position);
    const where = `CSV line ${line} (position ${position})`;
    const expect = (column: (typeof columns)[number], value: string) => {
      if (cellText(row[at(column)] ?? '') !== value)
        fail(`${where}: ${column} is ${JSON.stringify(row[at(column)])} but its event says ${JSON.stringify(value)}`);
    };
    expect('Hash', e.hash);
    expect('LedgerSeq', String(e.ledger_seq));
    expect('ChainHash', chainAt.get(e.ledger_seq)!);
    expect('Date', e.occurred_at);
    const stock = stockEventOf(e);
    if (!stock) return;
    const d = stockDeltas(stock);
    expect('Type', LOG_TYPES[stock.type as keyof typeof LOG_TYPES] ?? '');
    expect('Part Number', stock.data.partNumber);
    if ('quantity' in stock.data) expect('Amount', String(stock.data.quantity));
    expect('On Hand Change', String(d.onHand));
    expect('Field Change', String(d.field));
    expect('Lost Change', String(d.lost));
  });
}

const FIGURES: Array<keyof StockFiguresOf> = ['logistics', 'on_hand', 'field', 'lost', 'in_transit', 'incoming'];

function checkFigures(bundle: AuditBundle): void {
  const sums = new Map<string, StockFiguresOf>();
  for (const e of bundle.events) {
    const stock = stockEventOf(e);
    if (!stock) continue;
    const d = stockDeltas(stock);
    const sum = sums.get(stock.data.materialId) ?? { logistics: 0, on_hand: 0, field: 0, lost: 0, in_transit: 0, incoming: 0 };
    sum.logistics += d.logistics;
    sum.on_hand += d.onHand;
    sum.field += d.field;
    sum.lost += d.lost;
    sum.in_transit += d.inTransit;
    sum.incoming += d.incoming;
    sums.set(stock.data.materialId, sum);
  }
  const listed = new Set(bundle.figures.map((f) => f.material_id));
  for (const material of sums.keys()) if (!listed.has(material)) fail(`part ${material} moved in the period but has no figures in the bundle`);
  for (const f of bundle.figures) {
    const sum = sums.get(f.material_id) ?? fail(`part ${f.part_number} has figures but no events in the period`);
    for (const figure of FIGURES) {
      if (f.opening[figure] + sum[figure] !== f.closing[figure]) {
        fail(
          `part ${f.part_number}: ${figure} ${f.opening[figure]} at the start plus ${sum[figure]} from the period's events is ${f.opening[figure] + sum[figure]}, but the bundle says ${f.closing[figure]} at the end`,
        );
      }
    }
  }
}
