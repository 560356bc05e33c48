/**
 * A posted count in the auditor's bundle: its `StockCounted` adjustment travels with the period's
 * events, the offline audit recomputes every hash and finds the closing figures equal to the
 * opening plus the period's events, count included (20 on hand, 18 counted at 10:00, 5 received at
 * 10:05: 23 on hand and 2 lost at the end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCheckpoint } from '../../ledger/seal/seal-page.ts';
import { sealCommitted } from '../../ledger/seal/seal-testing.ts';
import { newSigningKeyPem, signingKeyFromPem } from '../../ledger/seal/signing-key.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { openCount, runCountCommand } from '../stock-count/count-commands.ts';
import { runPostCount } from '../stock-count/post-command.ts';
import { inviteUser, SYSTEM_ACTOR } from '../users/user-commands.ts';
import { buildBundle } from './bundle.ts';
import { AuditFailure, auditBundleData, parseBundle } from './offline-audit.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const key = signingKeyFromPem(newSigningKeyPem());
const at = (iso: string) => ({ metadata: SYSTEM_ACTOR, now: new Date(iso) });

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe("a posted count in the auditor's bundle", () => {
  it('carries the StockCounted adjustment, and the offline audit passes with it', async () => {
    const { store } = runtime;
    const projectId = await createProject(store, { name: 'Counted site', customer: null, number: 'CNT-B' }, at('2026-02-01T08:00:00Z'));
    const { userId } = await inviteUser(
      store,
      { email: 'crew@example.com', firstName: 'Casey', lastName: 'Counter', role: 'user' },
      at('2026-02-01T08:00:00Z'),
    );
    await changeMembership(store, projectId, { type: 'add', userId, role: 'user' }, at('2026-02-01T08:00:00Z'));
    const location = { kind: 'project' as const, id: projectId };
    const receive = (quantity: number, iso: string) =>
      runStock(store, { type: 'receive', location, partNumber: 'PN-1', quantity, partName: 'Breaker', partNickname: 'Breaker' }, at(iso));
    await receive(20, '2026-02-10T09:00:00Z');
    const sessionId = await openCount(
      store,
      { location, scope: { kind: 'all' }, includeAssets: false, name: 'February', dueDate: null, blind: true, doubleCount: false, counterIds: [userId] },
      at('2026-02-10T09:30:00Z'),
    );
    const counter = { userId, userName: 'Casey Counter' };
    await runCountCommand(
      store,
      { type: 'count', sessionId, entry: { part_number: 'PN-1', counted: 18, counted_at: '2026-02-10T10:00:00Z' }, counter },
      at('2026-02-10T10:00:00Z'),
    );
    await receive(5, '2026-02-10T10:05:00Z');
    const posted = await runPostCount(store, { sessionId }, at('2026-02-10T10:10:00Z'));
    expect(posted.result.adjustments).toBe(1);

    await sealCommitted(store);
    await writeCheckpoint(store.db, key);
    const built = await buildBundle(store.db, { projectId, from: '2026-02-01', to: '2026-02-28' }, key.publicKey);
    const bundle = parseBundle(built.pieces.join(''));
    // In ledger order: the count was posted after the second receive, dated before it.
    expect(bundle.events.map((e) => e.type)).toEqual(['MaterialReceived', 'MaterialReceived', 'StockCounted']);
    expect(bundle.figures.map((f) => [f.part_number, f.closing.on_hand, f.closing.lost])).toEqual([['PN-1', 23, 2]]);

    const lines: string[] = [];
    try {
      auditBundleData(bundle, null, (line) => lines.push(line));
    } catch (error) {
      if (error instanceof AuditFailure) expect.fail(error.message);
      throw error;
    }
    expect(lines.at(-1)).toMatch(/OK|hold/i);
  });
});
