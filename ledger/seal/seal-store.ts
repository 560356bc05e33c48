/**
 * Reads and writes of the seal tables: the chain's head, the Merkle tree as stored (block heads and
 * the leaves of the blocks a computation needs), and the signed checkpoints.
 */
import type { Checkpoint } from '../../contract/ledger.ts';
import type { Db, Trx } from '../event-store/event-store.ts';
import { GENESIS_CHAIN_HASH } from './chain.ts';
import { toHex } from '../event-store/hash-chain.ts';
import { sql } from 'kysely';
import { BLOCK, HASH_BYTES, leafHash, MissingBlockLeaves, type NodeSource } from './merkle.ts';

export interface SealHead {
  seq: number;
  chainHash: Buffer;
}

export const EMPTY_HEAD: SealHead = { seq: 0, chainHash: GENESIS_CHAIN_HASH };

export async function sealHead(db: Db | Trx): Promise<SealHead> {
  const row = await db.selectFrom('ledger_seal').select(['ledger_seq', 'chain_hash']).orderBy('ledger_seq', 'desc').limit(1).executeTakeFirst();
  return row ? { seq: Number(row.ledger_seq), chainHash: Buffer.from(row.chain_hash) } : EMPTY_HEAD;
}

/** The leaf hashes of ledger_seq first … last (1-based, inclusive), in order. */
export async function leafHashes(db: Db | Trx, first: number, last: number): Promise<Buffer[]> {
  if (last < first) return [];
  const rows = await db
    .selectFrom('ledger_seal')
    .select('event_hash')
    .where('ledger_seq', '>=', first)
    .where('ledger_seq', '<=', last)
    .orderBy('ledger_seq')
    .execute();
  return rows.map((r) => leafHash(r.event_hash));
}

export async function blockHashes(db: Db | Trx, count: number): Promise<BlockHeads> {
  if (count <= 0) return new BlockHeads(Buffer.alloc(0));
  // One value for all of them: at ten million events a row per block was 156,250 rows and as many
  // Buffers, read again for every checkpoint signed.
  const { rows } = await sql<{ heads: Uint8Array | null }>`
    select string_agg(hash, ''::bytea order by block) as heads from ledger_merkle_blocks where block < ${count}`.execute(db);
  return new BlockHeads(Buffer.from(rows[0]?.heads ?? new Uint8Array()));
}

/** The heads of the first complete blocks, end to end in one buffer. */
export class BlockHeads {
  constructor(private readonly bytes: Buffer) {}

  get count(): number {
    return this.bytes.byteLength / HASH_BYTES;
  }

  /** Block `i`'s head (a view, not a copy), or undefined past the last. */
  at(i: number): Buffer | undefined {
    return i >= 0 && i < this.count ? this.bytes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES) : undefined;
  }
}

/**
 * Runs `compute` over the stored tree of `size` leaves: every complete block's head is read once,
 * and the leaves of a block are read only when the computation reaches inside it.
 */
export async function withStoredTree<T>(db: Db | Trx, size: number, compute: (source: NodeSource) => T): Promise<T> {
  const blocks = await blockHashes(db, Math.floor(size / BLOCK));
  const leaves = new Map<number, Buffer[]>();
  const source: NodeSource = {
    block: (i) => blocks.at(i),
    leaf: (i) => {
      const block = Math.floor(i / BLOCK);
      const loaded = leaves.get(block);
      if (!loaded) throw new MissingBlockLeaves(block);
      return loaded[i % BLOCK]!;
    },
  };
  for (;;) {
    try {
      return compute(source);
    } catch (error) {
      if (!(error instanceof MissingBlockLeaves) || leaves.has(error.block)) throw error;
      leaves.set(error.block, await leafHashes(db, error.block * BLOCK + 1, Math.min(size, (error.block + 1) * BLOCK)));
    }
  }
}

interface CheckpointRow {
  ledger_seq: number;
  chain_hash: Uint8Array;
  tree_root: Uint8Array;
  signed_at: Date;
  key_id: string;
  signature: string;
}

export const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  ledger_seq: Number(row.ledger_seq),
  chain_hash: toHex(row.chain_hash),
  tree_root: toHex(row.tree_root),
  signed_at: row.signed_at.toISOString(),
  key_id: row.key_id,
  signature: row.signature,
});

const checkpointColumns = ['ledger_seq', 'chain_hash', 'tree_root', 'signed_at', 'key_id', 'signature'] as const;

/** Newest first; `before` a ledger_seq to page back. */
export async function listCheckpoints(
  db: Db | Trx,
  options: { limit: number; before?: number | undefined; from?: number; to?: number },
): Promise<Checkpoint[]> {
  const rows = await db
    .selectFrom('ledger_checkpoints')
    .select(checkpointColumns)
    .$if(options.before !== undefined, (q) => q.where('ledger_seq', '<', options.before!))
    .$if(options.from !== undefined, (q) => q.where('ledger_seq', '>=', options.from!))
    .$if(options.to !== undefined, (q) => q.where('ledger_seq', '<=', options.to!))
    .orderBy('ledger_seq', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map(toCheckpoint);
}

export async function checkpointAt(db: Db | Trx, seq: number): Promise<Checkpoint | null> {
  const row = await db.selectFrom('ledger_checkpoints').select(checkpointColumns).where('ledger_seq', '=', seq).executeTakeFirst();
  return row ? toCheckpoint(row) : null;
}

/** The newest checkpoint at or before a ledger_seq (the one a holder of that part of the chain could have). */
export async function checkpointAtOrBefore(db: Db | Trx, seq: number): Promise<Checkpoint | null> {
  const [found] = await listCheckpoints(db, { limit: 1, before: seq + 1 });
  return found ?? null;
}

export async function latestCheckpoint(db: Db | Trx): Promise<Checkpoint | null> {
  const [found] = await listCheckpoints(db, { limit: 1 });
  return found ?? null;
}

export async function countEvents(db: Db | Trx): Promise<{ events: number; sealed: number }> {
  const [events, sealed] = await Promise.all([
    db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    sealHead(db),
  ]);
  return { events: Number(events.n), sealed: sealed.seq };
}
