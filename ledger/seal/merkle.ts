/**
 * The Merkle tree of RFC 9162 (§2.1) over the sealed events' hashes in ledger_seq order: leaves are
 * sha256(0x00 ‖ event hash), nodes sha256(0x01 ‖ left ‖ right), and a tree of n leaves splits at
 * the largest power of two below n. Consistency proofs (§2.1.4) show that the tree at one size is
 * a prefix of the tree at a larger one in about log2(n) hashes.
 *
 * The store keeps the head of every complete, aligned block of BLOCK leaves, so a head or a proof
 * reads n / BLOCK stored nodes plus the leaves of at most a few blocks, never every leaf.
 */
import { hash } from 'node:crypto';

export const BLOCK = 64;
/** A node's hash (SHA-256). */
export const HASH_BYTES = 32;

export function leafHash(data: Uint8Array): Buffer {
  const input = Buffer.allocUnsafe(1 + data.length);
  input[0] = 0;
  input.set(data, 1);
  return hash('sha256', input, 'buffer');
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  const input = Buffer.allocUnsafe(1 + left.length + right.length);
  input[0] = 1;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return hash('sha256', input, 'buffer');
}

/** The largest power of two strictly below n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** Thrown by a NodeSource that has not loaded the leaves of a block; the caller loads them and asks again. */
export class MissingBlockLeaves extends Error {
  constructor(readonly block: number) {
    super(`leaves of block ${block} are not loaded`);
  }
}

/** Where tree nodes come from: leaf hashes (already 0x00-prefixed and hashed), and stored block heads. */
export interface NodeSource {
  leaf(index: number): Buffer;
  /** The head of the complete block `index` (leaves index·BLOCK … +BLOCK), when stored. */
  block?(index: number): Buffer | undefined;
}

/** MTH of the leaves [start, start + size). */
export function subtreeHash(source: NodeSource, start: number, size: number): Buffer {
  if (size === 1) return source.leaf(start);
  if (size === BLOCK && start % BLOCK === 0) {
    const stored = source.block?.(start / BLOCK);
    if (stored) return stored;
  }
  const k = isPowerOfTwo(size) ? size / 2 : splitPoint(size);
  return nodeHash(subtreeHash(source, start, k), subtreeHash(source, start + k, size - k));
}

/** The head of the tree of the first `size` leaves; the empty tree's head is sha256 of nothing. */
export function treeRoot(source: NodeSource, size: number): Buffer {
  return size === 0 ? hash('sha256', Buffer.alloc(0), 'buffer') : subtreeHash(source, 0, size);
}

/** RFC 9162 §2.1.4.1 PROOF(m, D[n]) over the leaves [0, n). */
export function consistencyProof(source: NodeSource, m: number, n: number): Buffer[] {
  if (m < 1 || m > n) throw new RangeError(`no consistency proof from ${m} to ${n}`);
  const proof: Buffer[] = [];
  const sub = (m: number, start: number, n: number, complete: boolean): void => {
    if (m === n) {
      if (!complete) proof.push(subtreeHash(source, start, n));
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      sub(m, start, k, complete);
      proof.push(subtreeHash(source, start + k, n - k));
    } else {
      sub(m - k, start + k, n - k, false);
      proof.push(subtreeHash(source, start, k));
    }
  };
  sub(m, 0, n, true);
  return proof;
}

/** RFC 9162 §2.1.4.2: true when `proof` shows the tree of size m with head `first` is a prefix of the tree of size n with head `second`. */
export function verifyConsistency(m: number, n: number, first: Uint8Array, second: Uint8Array, proof: readonly Uint8Array[]): boolean {
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
  if (m < 1 || m > n) return false;
  if (m === n) return proof.length === 0 && same(first, second);
  const path = isPowerOfTwo(m) ? [first, ...proof] : [...proof];
  if (path.length === 0) return false;
  let fn = m - 1;
  let sn = n - 1;
  while (fn & 1) {
    fn >>>= 1;
    sn >>>= 1;
  }
  let fr: Uint8Array = path[0]!;
  let sr: Uint8Array = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn & 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!(fn & 1)) {
        while (!(fn & 1) && fn !== 0) {
          fn >>>= 1;
          sn >>>= 1;
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn >>>= 1;
    sn >>>= 1;
  }
  return sn === 0 && same(fr, first) && same(sr, second);
}

/** A NodeSource over leaf hashes held in memory (tests, the sealer's tail, the offline audit). */
export function memorySource(leaves: readonly Buffer[], blocks?: readonly Buffer[]): NodeSource {
  return {
    leaf: (i) => {
      const leaf = leaves[i];
      if (!leaf) throw new MissingBlockLeaves(Math.floor(i / BLOCK));
      return leaf;
    },
    block: blocks ? (i) => blocks[i] : undefined,
  };
}

/**
 * The tree grown one leaf at a time, keeping only the heads of its perfect subtrees (at most
 * log2(n) of them): what a walk over every leaf needs to check each checkpoint's head on the way.
 */
export class MerkleFrontier {
  private readonly heads: Array<{ size: number; hash: Buffer }> = [];
  size = 0;

  push(leaf: Buffer): void {
    let head = { size: 1, hash: leaf };
    while (this.heads.length > 0 && this.heads[this.heads.length - 1]!.size === head.size) {
      const left = this.heads.pop()!;
      head = { size: left.size * 2, hash: nodeHash(left.hash, head.hash) };
    }
    this.heads.push(head);
    this.size += 1;
  }

  /** MTH of the leaves so far: the perfect subtrees folded from the right. */
  root(): Buffer {
    if (this.heads.length === 0) return hash('sha256', Buffer.alloc(0), 'buffer');
    let root = this.heads[this.heads.length - 1]!.hash;
    for (let i = this.heads.length - 2; i >= 0; i -= 1) root = nodeHash(this.heads[i]!.hash, root);
    return root;
  }
}
