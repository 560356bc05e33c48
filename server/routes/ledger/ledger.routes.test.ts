import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkpoint, ConsistencyProof, LedgerStatus, VerifyJob } from '../../../contract/ledger.ts';
import { fromHex } from '../../../ledger/seal/chain.ts';
import { verifyConsistency } from '../../../ledger/seal/merkle.ts';
import { verifyCheckpointSignature } from '../../../ledger/seal/signing-key.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { projectWithHistory } from '../../../test/fixtures/audit-history.ts';
import { AUDITOR_READ_ONLY_MESSAGE } from '../../ledger-audit/auditor-guard.ts';
import { auditBundleData, parseBundle } from '../../ledger-audit/offline-audit.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let auditor: string;
let projectId: string;

const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { ledgerSealer: true, ledgerCheckpointSeconds: 3600 });
  await createUser(runtime, 'root@example.com', 'root-password-1', 'superadmin');
  await createUser(runtime, 'auditor@example.com', 'auditor-password-1', 'auditor');
  admin = await signIn(app, 'root@example.com', 'root-password-1');
  auditor = await signIn(app, 'auditor@example.com', 'auditor-password-1');
  projectId = await projectWithHistory(runtime.store, 'ROUTE');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('the sealed ledger over HTTP', () => {
  it('serves the public key to anyone, and signs checkpoints the key verifies', async () => {
    const key = (await app.inject({ method: 'GET', url: '/api/ledger/public-key' })).json();
    expect(key).toEqual(app.ledgerSeal.key().publicKey);
    const signed = await post(admin, '/api/ledger/checkpoints');
    expect(signed.statusCode).toBe(200);
    const checkpoint = signed.json<Checkpoint>();
    expect(verifyCheckpointSignature(checkpoint, key)).toBe(true);
    const status = (await get(auditor, '/api/ledger/status')).json<LedgerStatus>();
    expect(status).toMatchObject({ sealed: status.events, latest: checkpoint, latest_signature_valid: true, key_id: key.key_id });
    expect((await get(auditor, '/api/ledger/checkpoints?limit=1')).json()).toEqual({ items: [checkpoint] });
  });

  it('proves that a later checkpoint extends an earlier one, and says why it cannot', async () => {
    const first = (await post(admin, '/api/ledger/checkpoints')).json<Checkpoint>();
    await projectWithHistory(runtime.store, 'LATER');
    const second = (await post(admin, '/api/ledger/checkpoints')).json<Checkpoint>();
    expect(second.ledger_seq).toBeGreaterThan(first.ledger_seq);
    const answer = await get(auditor, `/api/ledger/consistency?from=${first.ledger_seq}&to=${second.ledger_seq}`);
    expect(answer.statusCode).toBe(200);
    const proof = answer.json<ConsistencyProof>();
    expect(proof.from.tree_root).toBe(first.tree_root);
    expect(verifyConsistency(first.ledger_seq, second.ledger_seq, fromHex(first.tree_root), fromHex(second.tree_root), proof.proof.map(fromHex))).toBe(true);
    expect((await get(auditor, `/api/ledger/consistency?from=${second.ledger_seq}&to=${first.ledger_seq}`)).json()).toMatchObject({
      error: 'VALIDATION',
      message: 'from must not be after to',
    });
    expect((await get(auditor, `/api/ledger/consistency?from=${first.ledger_seq + 1}&to=${second.ledger_seq}`)).json()).toEqual({
      error: 'NOT_FOUND',
      message: `No checkpoint at ledger_seq ${first.ledger_seq + 1}`,
    });
  });

  it("downloads a project's bundle that passes the offline audit, against a checkpoint saved earlier too", async () => {
    const saved = (await post(admin, '/api/ledger/checkpoints')).json<Checkpoint>();
    await projectWithHistory(runtime.store, 'AFTER');
    const response = await get(auditor, `/api/ledger/bundle?project_id=${projectId}&from=2026-02-01&to=2026-03-31&since=${saved.ledger_seq}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="ledger_bundle_ROUTE_2026-02-01_2026-03-31.json"');
    const bundle = parseBundle(response.body);
    expect(bundle.events).toHaveLength(4);
    const lines: string[] = [];
    auditBundleData(bundle, saved, (line) => lines.push(line));
    expect(lines.at(-1)).toContain(`extend your checkpoint at ledger_seq ${saved.ledger_seq}`);

    expect((await get(auditor, `/api/ledger/bundle?project_id=${projectId}&from=2026-03-31&to=2026-02-01`)).json()).toMatchObject({
      message: 'The period must end after it starts',
      field: 'to',
    });
    expect((await get(auditor, `/api/ledger/bundle?project_id=${projectId}&from=March&to=2026-02-01`)).json()).toMatchObject({
      message: 'from must be a date (2026-11-01) or an ISO 8601 instant',
    });
  });

  it('verifies now, with progress, and finds nothing wrong', async () => {
    const started = await post(auditor, '/api/ledger/verify');
    expect(started.statusCode).toBe(202);
    const { job_id } = started.json<VerifyJob>();
    let job = started.json<VerifyJob>();
    // Polled as a screen would, with a pause: a tight loop of in-process requests would starve the database's sockets.
    while (job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await get(auditor, `/api/ledger/verify/${job_id}`)).json<VerifyJob>();
    }
    expect(job).toMatchObject({ state: 'passed', problems: [] });
    expect(job.checked).toBe(job.total);
    expect((await get(auditor, '/api/ledger/verify/nope')).statusCode).toBe(404);
  });

  it("lets an auditor read any project's logs and change nothing", async () => {
    expect((await get(auditor, `/api/materials/logs?project_id=${projectId}`)).json().total).toBe(5);
    const refused = await post(auditor, '/api/materials/receive', {
      project_id: projectId,
      part_number: 'X-1',
      quantity: 1,
      part_name: 'X',
      standard_name: 'x',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: AUDITOR_READ_ONLY_MESSAGE });
    expect((await post(auditor, '/api/ledger/checkpoints')).statusCode).toBe(403);
  });
});
