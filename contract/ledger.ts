/**
 * The sealed ledger as the API speaks it (issue 16): the global chain's signed checkpoints, proofs
 * that a later checkpoint extends an earlier one, the auditor's bundle and verify-now.
 *
 * Paths (401 signed out; 403 to anyone but a superadmin or an auditor, unless said otherwise):
 *
 *   GET  /api/ledger/public-key                 → PublicKey (anyone, signed in or not: it is public by design)
 *   GET  /api/ledger/status                     → LedgerStatus (how far sealing is, the latest checkpoint and
 *                                                 whether its signature verifies with the served key)
 *   GET  /api/ledger/checkpoints?limit=&before= → { items: Checkpoint[] } newest first; `before` a ledger_seq
 *   POST /api/ledger/checkpoints                → Checkpoint: seal everything committed so far and sign it now
 *                                                 (superadmin only; 200 with the latest when nothing is new)
 *   GET  /api/ledger/consistency?from=&to=      → ConsistencyProof between two checkpoints' ledger_seq
 *                                                 (400 when from > to; 404 `No checkpoint at ledger_seq N`)
 *   GET  /api/ledger/bundle?project_id=&from=&to=&since=
 *                                               → the auditor's bundle, one JSON file (AuditBundle below) named
 *                                                 `ledger_bundle_{project number}_{from}_{to}.json`; `from`/`to` are
 *                                                 dates or instants (the period by when things happened), `since` the
 *                                                 ledger_seq of a checkpoint the auditor saved, to carry the proof
 *                                                 that the bundle's books extend it
 *   POST /api/ledger/verify                     → VerifyJob: start checking the sealed chain (reads only; auditors may)
 *   GET  /api/ledger/verify/{job_id}            → VerifyJob: its progress and, once done, what it found
 *
 * Offline: `npm run ledger -- audit <bundle> [--checkpoint <file>]`, the file being one item of
 * GET /api/ledger/checkpoints saved as JSON.
 */
import { z } from 'zod';
import { id } from './fields.ts';

export const LEDGER_MESSAGES = {
  noCheckpoint: (seq: number) => `No checkpoint at ledger_seq ${seq}`,
  fromAfterTo: 'from must not be after to',
  periodOrder: 'The period must end after it starts',
  jobNotFound: 'Verification not found',
  notSealedYet: 'Nothing is sealed yet: try again in a few seconds.',
} as const;

const hex32 = z.string().regex(/^[0-9a-f]{64}$/);

/** One signed head of the global chain, exactly as an auditor saves it. */
export const checkpoint = z.object({
  /** How many events the chain holds at this head (the Merkle tree's size). */
  ledger_seq: z.number().int().positive(),
  /** sha256 over the chain hash before and the event's own hash, folded to this ledger_seq (hex). */
  chain_hash: hex32,
  /** RFC 9162 Merkle tree head over the events' hashes 1…ledger_seq (hex). */
  tree_root: hex32,
  signed_at: z.iso.datetime({ offset: true }),
  /** The first 16 hex digits of sha256 of the raw public key: which key signed. */
  key_id: z.string(),
  /** Ed25519 over checkpointMessage(checkpoint), base64. */
  signature: z.string(),
});
export type Checkpoint = z.infer<typeof checkpoint>;

/** The exact bytes a checkpoint's signature covers (UTF-8). */
export function checkpointMessage(c: Pick<Checkpoint, 'ledger_seq' | 'chain_hash' | 'tree_root' | 'signed_at'>): string {
  return `stockledger checkpoint v1\n${c.ledger_seq}\n${c.chain_hash}\n${c.tree_root}\n${c.signed_at}\n`;
}

export const publicKey = z.object({
  algorithm: z.literal('Ed25519'),
  key_id: z.string(),
  /** SubjectPublicKeyInfo, PEM. */
  public_key_pem: z.string(),
  /** The raw 32-byte key, hex. */
  public_key_hex: z.string(),
});
export type PublicKey = z.infer<typeof publicKey>;

export const ledgerStatus = z.object({
  /** Events in the ledger now. */
  events: z.number().int(),
  /** Events given a ledger_seq so far. */
  sealed: z.number().int(),
  latest: checkpoint.nullable(),
  /** The latest checkpoint's signature checked against the served public key; null when there is none. */
  latest_signature_valid: z.boolean().nullable(),
  key_id: z.string(),
});
export type LedgerStatus = z.infer<typeof ledgerStatus>;

const seqParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a ledger_seq (a whole number from 1)` })
    .int(`${name} must be a ledger_seq (a whole number from 1)`)
    .positive(`${name} must be a ledger_seq (a whole number from 1)`);

export const checkpointsQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be from 1 to 1000').max(1000, 'limit must be from 1 to 1000').default(100),
  before: seqParam('before').optional(),
});
export const checkpointList = z.object({ items: z.array(checkpoint) });

export const consistencyQuery = z
  .object({ from: seqParam('from'), to: seqParam('to') })
  .refine((q) => q.from <= q.to, { message: LEDGER_MESSAGES.fromAfterTo, path: ['from'] });

/** RFC 9162 §2.1.4: the nodes that let a holder of the tree at `from` recompute both heads. */
export const consistencyProof = z.object({
  from: z.object({ ledger_seq: z.number().int(), tree_root: hex32 }),
  to: z.object({ ledger_seq: z.number().int(), tree_root: hex32 }),
  proof: z.array(hex32),
});
export type ConsistencyProof = z.infer<typeof consistencyProof>;

const periodEdge = (name: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${name} must be a date (2026-11-01) or an ISO 8601 instant` });

export const bundleQuery = z
  .object({
    project_id: id('Project id', 'project_id must be a valid project id'),
    from: periodEdge('from'),
    to: periodEdge('to'),
    since: seqParam('since').optional(),
  })
  .refine((q) => periodStart(q.from) < periodEnd(q.to), { message: LEDGER_MESSAGES.periodOrder, path: ['to'] });
export type BundleQuery = z.infer<typeof bundleQuery>;

/** A date starts at its midnight UTC; an instant is itself. */
export const periodStart = (edge: string) => new Date(edge.length === 10 ? `${edge}T00:00:00.000Z` : edge);
/** A date `to` includes the whole day: the period ends at the next midnight UTC. */
export const periodEnd = (edge: string) => (edge.length === 10 ? new Date(Date.parse(`${edge}T00:00:00.000Z`) + 86_400_000) : new Date(edge));

export const VERIFY_STATES = ['running', 'passed', 'failed'] as const;
export const verifyJob = z.object({
  job_id: z.string(),
  state: z.enum(VERIFY_STATES),
  /** Sealed events checked so far, of `total`. */
  checked: z.number().int(),
  total: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** What does not hold, each naming the ledger_seq, the stream and the event's position. */
  problems: z.array(z.string()),
});
export type VerifyJob = z.infer<typeof verifyJob>;
export const verifyJobParams = z.object({ job_id: z.string().max(64) });

/**
 * The bundle file: one JSON object. `events` are the events behind the log rows, each with its
 * ledger_seq; `seal` lists, for every ledger_seq from `seal.first_seq` to the covering checkpoint,
 * the sealed event hash (other projects' events appear as hashes only), so the chain can be
 * recomputed from `seal.prev_chain_hash` to every checkpoint in `checkpoints`. `figures` are each
 * part's stock at the start and end of the period; `consistency` proves the covering checkpoint
 * extends earlier ones (those in `checkpoints`, and `since` when asked).
 */
export const BUNDLE_FORMAT = 'stockledger-audit-bundle';
export const BUNDLE_VERSION = 1;

export const bundleEvent = z.object({
  ledger_seq: z.number().int(),
  global_position: z.number().int(),
  stream_id: z.string(),
  stream_version: z.number().int(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.unknown(),
  occurred_at: z.string(),
  recorded_at: z.string(),
  prev_hash: z.string().nullable(),
  hash: hex32,
});
export type BundleEvent = z.infer<typeof bundleEvent>;

export const stockFigures = z.object({
  logistics: z.number(),
  on_hand: z.number(),
  field: z.number(),
  lost: z.number(),
  in_transit: z.number(),
  incoming: z.number(),
});
export type StockFiguresOf = z.infer<typeof stockFigures>;

export const auditBundle = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  created_at: z.string(),
  project: z.object({ id: z.string(), number: z.string(), name: z.string() }),
  period: z.object({ from: z.string(), to: z.string() }),
  public_key: publicKey,
  /** The log rows of the period, as the CSV export writes them, with LedgerSeq and ChainHash columns. */
  csv: z.string(),
  events: z.array(bundleEvent),
  seal: z.object({ first_seq: z.number().int(), prev_chain_hash: hex32, event_hashes: z.array(hex32) }),
  checkpoints: z.array(checkpoint),
  consistency: z.array(consistencyProof),
  figures: z.array(z.object({ material_id: z.string(), part_number: z.string(), opening: stockFigures, closing: stockFigures })),
});
export type AuditBundle = z.infer<typeof auditBundle>;

/** The CSV columns of the bundle's log rows: the export's, then where the event sits in the global chain. */
export const BUNDLE_EXTRA_COLUMNS = ['LedgerSeq', 'ChainHash'] as const;
