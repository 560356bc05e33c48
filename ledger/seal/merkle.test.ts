import { describe, expect, it } from 'vitest';
import { BLOCK, consistencyProof, MerkleFrontier, leafHash, memorySource, subtreeHash, treeRoot, verifyConsistency } from './merkle.ts';

// The test vectors of Certificate Transparency's reference implementation (RFC 6962 trees).
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) => leafHash(Buffer.from(h, 'hex')));
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const PROOFS: Array<[number, number, string[]]> = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 5, ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b']],
];

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`event ${i}`)));

describe('Merkle tree (RFC 9162)', () => {
  it('gives the reference heads for trees of 1 to 8 leaves', () => {
    const source = memorySource(LEAVES);
    expect(ROOTS.map((_, i) => hex(treeRoot(source, i + 1)))).toEqual(ROOTS);
  });

  it('gives the reference consistency proofs, and they verify', () => {
    const source = memorySource(LEAVES);
    for (const [m, n, expected] of PROOFS) {
      const proof = consistencyProof(source, m, n);
      expect(proof.map(hex)).toEqual(expected);
      expect(verifyConsistency(m, n, treeRoot(source, m), treeRoot(source, n), proof)).toBe(true);
    }
  });

  it('proves every prefix of trees that cross stored blocks, and refuses a changed proof, head or leaf', () => {
    const leaves = leavesOf(3 * BLOCK + 5);
    const plain = memorySource(leaves);
    const blocks = [0, 1, 2].map((b) => subtreeHash(plain, b * BLOCK, BLOCK));
    // Only the leaves of the last, incomplete block and of one block near the proof's start are needed with blocks.
    const withBlocks = memorySource(leaves, blocks);
    for (const n of [1, 2, 63, 64, 65, 128, 130, leaves.length]) expect(hex(treeRoot(withBlocks, n))).toBe(hex(treeRoot(plain, n)));
    for (let m = 1; m <= leaves.length; m += 7) {
      for (const n of [m, m + 1, Math.min(leaves.length, m + 64), leaves.length]) {
        if (n < m || n > leaves.length) continue;
        const proof = consistencyProof(withBlocks, m, n);
        expect(proof.map(hex)).toEqual(consistencyProof(plain, m, n).map(hex));
        const first = treeRoot(plain, m);
        const second = treeRoot(plain, n);
        expect(verifyConsistency(m, n, first, second, proof)).toBe(true);
        if (proof.length > 0) {
          const bent = proof.map((p, i) => (i === proof.length - 1 ? leafHash(p) : p));
          expect(verifyConsistency(m, n, first, second, bent)).toBe(false);
        }
        if (m < n) {
          expect(verifyConsistency(m, n, leafHash(first), second, proof)).toBe(false);
          const rewritten = leaves.slice(0, n);
          rewritten[m - 1] = leafHash(Buffer.from('rewritten'));
          expect(verifyConsistency(m, n, first, treeRoot(memorySource(rewritten), n), proof)).toBe(false);
        }
      }
    }
  });

  it('grows one leaf at a time to the same heads', () => {
    const leaves = leavesOf(200);
    const frontier = new MerkleFrontier();
    for (let n = 1; n <= leaves.length; n += 1) {
      frontier.push(leaves[n - 1]!);
      expect(hex(frontier.root())).toBe(hex(treeRoot(memorySource(leaves), n)));
    }
  });

  it('refuses a proof between sizes that are out of order', () => {
    const source = memorySource(leavesOf(4));
    expect(() => consistencyProof(source, 3, 2)).toThrow(RangeError);
    expect(verifyConsistency(3, 2, treeRoot(source, 3), treeRoot(source, 2), [])).toBe(false);
    expect(verifyConsistency(0, 2, treeRoot(source, 2), treeRoot(source, 2), [])).toBe(false);
  });
});
