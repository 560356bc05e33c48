/** How `ledger verify` names and fingerprints a row by its binary COPY form, on both sides of the comparison. */
import { hash } from 'node:crypto';
import type { TableSpec } from './projector.ts';

/** The columns of a table's key, by their place among its columns, in column order. */
export function keyIndexes(spec: TableSpec): number[] {
  return spec.key.map((k) => spec.columns.indexOf(k)).sort((a, b) => a - b);
}

/** A row's digest: SHA-256 of its binary COPY form. */
export function tupleDigest(tuple: Buffer): string {
  return hash('sha256', tuple, 'base64');
}
