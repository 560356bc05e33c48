/**
 * Two managers fulfilling the same line at the same moment: exactly one succeeds, the other is
 * refused naming the new state, and the stock moves once. Run as separate transactions (one
 * command per batch, two batches at a time), so on PostgreSQL they truly race and the loser's
 * append fails on the stream version and is decided again on fresh state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureCommands } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import { REQUEST_MESSAGES, transitionRefused } from '../../contract/messages/requests.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { registerUser, SYSTEM_ACTOR } from '../users/user-commands.ts';
import { runRequest } from './request-commands.ts';

const MANAGER = { manager: true, requester: false };
const options = { metadata: SYSTEM_ACTOR };
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let projectId: string;
let requesterId: string;

async function submit(qty: number): Promise<string> {
  const requestId = crypto.randomUUID();
  const lines = [{ lineId: crypto.randomUUID(), partNumber: 'RACE-1', partName: null, qty, notes: null }];
  const requester = { id: requesterId, name: 'Rae', email: 'rae@example.com' };
  await runRequest(
    runtime.store,
    { type: 'submit', requestId, projectId, requestType: 'Material', requester, lines, notes: null, imagePath: null },
    { manager: false, requester: true },
    options,
  );
  return requestId;
}

async function figures() {
  const row = await runtime.store.db
    .selectFrom('material_stock')
    .select(['on_hand', 'field_assigned'])
    .where('location_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { onHand: row.on_hand, field: row.field_assigned };
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  configureCommands(runtime.store, { concurrency: 2, maxBatch: 1 });
  projectId = await createProject(runtime.store, { name: 'Race', customer: null, number: 'R-1' }, options);
  requesterId = (
    await registerUser(runtime.store, { email: 'rae@example.com', password: 'rae password', role: 'user', firstName: 'Rae', lastName: 'R' }, SYSTEM_ACTOR)
  ).userId;
  await changeMembership(runtime.store, projectId, { type: 'add', userId: requesterId, role: 'user' }, options);
  await runStock(
    runtime.store,
    { type: 'receive', location: { kind: 'project', id: projectId }, partNumber: 'RACE-1', quantity: 10, partName: 'Race part', partNickname: 'Race' },
    options,
  );
});
afterAll(async () => {
  await runtime.close();
});

describe('two managers fulfilling the same line at once', () => {
  it('lets exactly one succeed; the other is refused and the stock moves once', async () => {
    const requestId = await submit(4);
    const line = await runtime.store.db.selectFrom('request_lines').select('line_id').where('request_id', '=', requestId).executeTakeFirstOrThrow();
    const fulfil = () =>
      runRequest(
        runtime.store,
        {
          type: 'fulfil',
          requestId,
          lines: [{ lineId: line.line_id, partNumber: 'RACE-1', quantity: 4, replacementPartNumber: null, remainderLineId: crypto.randomUUID() }],
          remainder: 'open',
        },
        MANAGER,
        options,
      );
    const outcomes = await Promise.allSettled([fulfil(), fulfil()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [refusal] = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refusal).toBeInstanceOf(DomainError);
    // The winner fulfilled the only line, which closed the request.
    expect((refusal as DomainError).message).toBe(transitionRefused('fulfilled', 'fulfil part of'));
    expect(await figures()).toEqual({ onHand: 6, field: 4 });
    const request = await runtime.store.db.selectFrom('requests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(request.status).toBe('fulfilled');
  });

  it('two requests racing for the last units: the one that comes second finds too little on hand', async () => {
    const [a, b] = [await submit(5), await submit(5)];
    const all = (requestId: string) => runRequest(runtime.store, { type: 'fulfil', requestId, lines: [], remainder: 'open' }, MANAGER, options);
    const outcomes = await Promise.allSettled([all(a), all(b)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [refusal] = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect((refusal as DomainError).message).toBe(REQUEST_MESSAGES.insufficient);
    expect(await figures()).toEqual({ onHand: 1, field: 9 });
  });
});

describe('many requests submitted at once in one project', () => {
  it('each gets its own number', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => submit(1)));
    const rows = await runtime.store.db.selectFrom('requests').select('num').where('id', 'in', ids).execute();
    expect(new Set(rows.map((r) => r.num)).size).toBe(8);
  });
});
