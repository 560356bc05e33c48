/**
 * The global chain: every sealed event's chain hash is sha256(previous chain hash ‖ the event's own
 * hash), starting from 32 zero bytes before ledger_seq 1. Rewriting any sealed event, dropping one or
 * reordering them changes every chain hash after it, so one signed head vouches for all before it.
 */
import { hash } from 'node:crypto';

export const GENESIS_CHAIN_HASH: Buffer = Buffer.alloc(32);

export function chainHash(previous: Uint8Array, eventHash: Uint8Array): Buffer {
  const input = Buffer.allocUnsafe(previous.length + eventHash.length);
  input.set(previous, 0);
  input.set(eventHash, previous.length);
  return hash('sha256', input, 'buffer');
}

export const fromHex = (text: string): Buffer => Buffer.from(text, 'hex');
