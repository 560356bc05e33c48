/** The sealed ledger (contract/ledger.ts): public key, status, checkpoints, proofs, the auditor's bundle and verify-now. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors.ts';
import {
  bundleQuery,
  checkpoint,
  checkpointList,
  checkpointsQuery,
  consistencyProof,
  consistencyQuery,
  LEDGER_MESSAGES,
  ledgerStatus,
  publicKey,
  verifyJob,
  verifyJobParams,
} from '../../../contract/ledger.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { toHex } from '../../../ledger/event-store/hash-chain.ts';
import { consistencyProof as proveConsistency } from '../../../ledger/seal/merkle.ts';
import { checkpointAt, countEvents, latestCheckpoint, listCheckpoints, withStoredTree } from '../../../ledger/seal/seal-store.ts';
import { verifyCheckpointSignature } from '../../../ledger/seal/signing-key.ts';
import { type BuiltBundle, buildBundle, NotYetSealed } from '../../ledger-audit/bundle.ts';
import { VerifyJobs } from '../../ledger-audit/verify-jobs.ts';

const tags = ['ledger'];
/** Sealing and signing again until a snapshot has every row of the period under its newest checkpoint. */
const BUNDLE_ATTEMPTS = 5;

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { config: { access: 'ledger.read' } } as const;
  const jobs = new VerifyJobs(app.store, () => app.ledgerSeal.key().publicKey);

  async function signedAt(seq: number) {
    const found = await checkpointAt(app.db, seq);
    if (!found) throw new DomainError('NOT_FOUND', LEDGER_MESSAGES.noCheckpoint(seq));
    return found;
  }

  r.get(
    '/api/ledger/public-key',
    { schema: { summary: 'The Ed25519 public key that verifies every checkpoint (public)', tags, response: { 200: publicKey, ...errorResponses } } },
    async () => app.ledgerSeal.key().publicKey,
  );

  r.get(
    '/api/ledger/status',
    {
      ...readers,
      schema: { summary: 'How far sealing is, and the latest checkpoint with its signature checked', tags, response: { 200: ledgerStatus, ...errorResponses } },
    },
    async () => {
      const key = app.ledgerSeal.key().publicKey;
      const [counts, latest] = await Promise.all([countEvents(app.db), latestCheckpoint(app.db)]);
      return {
        ...counts,
        latest,
        latest_signature_valid: latest ? latest.key_id === key.key_id && verifyCheckpointSignature(latest, key) : null,
        key_id: key.key_id,
      };
    },
  );

  r.get(
    '/api/ledger/checkpoints',
    {
      ...readers,
      schema: {
        summary: 'Signed checkpoints of the global chain, newest first (before: a ledger_seq, to page back)',
        tags,
        querystring: checkpointsQuery,
        response: { 200: checkpointList, ...errorResponses },
      },
    },
    async (request) => ({ items: await listCheckpoints(app.db, { limit: request.query.limit, before: request.query.before }) }),
  );

  r.post(
    '/api/ledger/checkpoints',
    {
      config: { access: 'ledger.seal' },
      schema: { summary: 'Seal everything committed so far and sign the head now (superadmin)', tags, response: { 200: checkpoint, ...errorResponses } },
    },
    async () => {
      const signed = await app.ledgerSeal.checkpointNow();
      if (!signed) throw new DomainError('NOT_FOUND', LEDGER_MESSAGES.notSealedYet);
      return signed;
    },
  );

  r.get(
    '/api/ledger/consistency',
    {
      ...readers,
      schema: {
        summary: 'RFC 9162 proof that the checkpoint at `to` extends the one at `from`',
        tags,
        querystring: consistencyQuery,
        response: { 200: consistencyProof, ...errorResponses },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const [first, second] = [await signedAt(from), await signedAt(to)];
      const proof = from === to ? [] : await withStoredTree(app.db, to, (source) => proveConsistency(source, from, to).map(toHex));
      return { from: { ledger_seq: from, tree_root: first.tree_root }, to: { ledger_seq: to, tree_root: second.tree_root }, proof };
    },
  );

  r.get(
    '/api/ledger/bundle',
    {
      ...readers,
      schema: {
        summary:
          "The auditor's bundle for a project and period, one JSON file: log rows as CSV with ledger_seq and chain hash, their events, the sealed range, the checkpoints, proofs and the public key",
        tags,
        querystring: bundleQuery,
        response: { 200: z.unknown().describe('application/json file'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { project_id, from, to, since } = request.query;
      let built: BuiltBundle | null = null;
      for (let attempt = 0; attempt < BUNDLE_ATTEMPTS && !built; attempt += 1) {
        await app.ledgerSeal.checkpointNow();
        try {
          built = await buildBundle(app.db, { projectId: project_id, from, to, since }, app.ledgerSeal.key().publicKey);
        } catch (error) {
          if (!(error instanceof NotYetSealed)) throw error;
        }
      }
      if (!built) return reply.code(503).send({ error: 'UNAVAILABLE', message: LEDGER_MESSAGES.notSealedYet });
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${built.fileName}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(Readable.from(built.pieces, { objectMode: false }));
    },
  );

  r.post(
    '/api/ledger/verify',
    {
      ...readers,
      schema: { summary: 'Start checking the sealed chain against the events (reads only)', tags, response: { 202: verifyJob, ...errorResponses } },
    },
    async (_request, reply) => reply.code(202).send(jobs.start()),
  );

  r.get(
    '/api/ledger/verify/:job_id',
    {
      ...readers,
      schema: { summary: 'A verification: its progress and what it found', tags, params: verifyJobParams, response: { 200: verifyJob, ...errorResponses } },
    },
    async (request) => {
      const job = jobs.get(request.params.job_id);
      if (!job) throw new DomainError('NOT_FOUND', LEDGER_MESSAGES.jobNotFound);
      return job;
    },
  );
}
