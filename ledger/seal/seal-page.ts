/**
 * Sealing, one page of committed events at a time inside the page's transaction: each event gets
 * the next ledger_seq and a chain hash, every completed block of 64 leaves gets its Merkle head,
 * and a checkpoint signs the head of the chain and of the tree.
 */
import { sql } from 'kysely';
import { type Checkpoint, checkpointMessage } from '../../contract/ledger.ts';
import type { Db, Trx } from '../event-store/event-store.ts';
import type { EventHeader } from '../subscriptions/checkpoint.ts';
import { chainHash } from './chain.ts';
import { toHex } from '../event-store/hash-chain.ts';
import { BLOCK, leafHash, memorySource, subtreeHash, treeRoot } from './merkle.ts';
import { checkpointAt, leafHashes, type SealHead, sealHead, withStoredTree } from './seal-store.ts';
import type { SigningKey } from './signing-key.ts';

/** Seal rows per INSERT: 6 parameters each, well under the 65,535 a statement may carry. */
const INSERT_SLICE = 8000;

/**
 * What the sealer keeps between pages: the chain's head, how many blocks are complete (their heads
 * are in the database; the tree's root is computed from there) and the leaves of the open block.
 */
export interface SealState extends SealHead {
  blockCount: number;
  tail: Buffer[];
}

export async function loadSealState(db: Db | Trx, head?: SealHead): Promise<SealState> {
  const at = head ?? (await sealHead(db));
  const blockCount = Math.floor(at.seq / BLOCK);
  return { ...at, blockCount, tail: await leafHashes(db, blockCount * BLOCK + 1, at.seq) };
}

/**
 * Appends `events` (committed, in commit order) to the chain. `state` is what this process last
 * sealed; if the database's head differs (another process sealed meanwhile, or a page of ours
 * rolled back) it is read afresh. Returns the state after the page, valid once the page commits.
 */
export async function sealPage(trx: Trx, events: readonly EventHeader[], state: SealState | null): Promise<SealState> {
  const head = await sealHead(trx);
  const current = state && state.seq === head.seq && state.chainHash.equals(head.chainHash) ? state : await loadSealState(trx, head);
  if (events.length === 0) return current;
  let seq = current.seq;
  let chain = current.chainHash;
  const tail = [...current.tail];
  let blockCount = current.blockCount;
  const rows: Array<{
    ledger_seq: number;
    global_position: number;
    stream_id: string;
    stream_version: number;
    event_hash: Uint8Array;
    chain_hash: Uint8Array;
  }> = [];
  const newBlocks: Array<{ block: number; hash: Buffer }> = [];
  for (const event of events) {
    seq += 1;
    chain = chainHash(chain, event.hash);
    rows.push({
      ledger_seq: seq,
      global_position: event.globalPosition,
      stream_id: event.streamId,
      stream_version: event.streamVersion,
      event_hash: event.hash,
      chain_hash: chain,
    });
    tail.push(leafHash(event.hash));
    if (tail.length === BLOCK) {
      const hash = subtreeHash(memorySource(tail), 0, BLOCK);
      newBlocks.push({ block: blockCount, hash });
      blockCount += 1;
      tail.length = 0;
    }
  }
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    await trx
      .insertInto('ledger_seal')
      .values(rows.slice(start, start + INSERT_SLICE))
      .execute();
  }
  if (newBlocks.length > 0) await trx.insertInto('ledger_merkle_blocks').values(newBlocks).execute();
  return { seq, chainHash: chain, blockCount, tail };
}

/** The head of the stored tree of `size` leaves. */
export function storedTreeRoot(db: Db | Trx, size: number): Promise<Buffer> {
  return withStoredTree(db, size, (source) => treeRoot(source, size));
}

/**
 * Signs the chain's head as it stands, unless a checkpoint already names it; returns that
 * checkpoint, or null while nothing is sealed. Two processes signing the same head keep the first.
 */
export async function writeCheckpoint(db: Db, key: SigningKey, now: Date = new Date()): Promise<Checkpoint | null> {
  return db.transaction().execute(async (trx) => {
    const head = await sealHead(trx);
    if (head.seq === 0) return null;
    const existing = await checkpointAt(trx, head.seq);
    if (existing) return existing;
    const root = await storedTreeRoot(trx, head.seq);
    const unsigned = { ledger_seq: head.seq, chain_hash: toHex(head.chainHash), tree_root: toHex(root), signed_at: now.toISOString() };
    const signature = key.sign(checkpointMessage(unsigned));
    await trx
      .insertInto('ledger_checkpoints')
      .values({ ledger_seq: head.seq, chain_hash: head.chainHash, tree_root: root, signed_at: now, key_id: key.publicKey.key_id, signature })
      .onConflict((oc) => oc.column('ledger_seq').doNothing())
      .execute();
    return checkpointAt(trx, head.seq);
  });
}

/** Serialises sealers across processes for callers without the subscription's lease (tests, the CLI). */
export async function lockSeal(trx: Trx): Promise<void> {
  await sql`lock table ledger_seal in share row exclusive mode`.execute(trx);
}
