/**
 * Two projects for the transfer route tests: P1 (its admin Ann) holds parts A and B, P2 (its admin
 * Ben) asks for them. Reads each part's on hand / in transit / incoming on both sides and a
 * transfer's items, so a refusal can be shown to have moved nothing.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

type Answer = { statusCode: number; json: () => { message: string; field?: string } };

export async function openTwoProjects(onHand: { A: number; B: number }) {
  const runtime = await openTestRuntime();
  const app: FastifyInstance = await buildTestApp(runtime);
  const system = { metadata: SYSTEM_ACTOR };
  const a1 = (await createUser(runtime, 'a1@example.com', 'a1 password', 'user', { firstName: 'Ann', lastName: 'One' })).userId;
  const a2 = (await createUser(runtime, 'a2@example.com', 'a2 password', 'user', { firstName: 'Ben', lastName: 'Two' })).userId;
  const p1 = await createProject(runtime.store, { name: 'P1', customer: null, number: 'P-1' }, system);
  const p2 = await createProject(runtime.store, { name: 'P2', customer: null, number: 'P-2' }, system);
  await changeMembership(runtime.store, p1, { type: 'add', userId: a1, role: 'admin' }, system);
  await changeMembership(runtime.store, p2, { type: 'add', userId: a2, role: 'admin' }, system);
  const p1Admin = await signIn(app, 'a1@example.com', 'a1 password');
  const p2Admin = await signIn(app, 'a2@example.com', 'a2 password');

  const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const patch = (cookie: string, url: string, payload: object) => app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
  const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  for (const [part_number, part_name, quantity] of [
    ['PART-A', 'Part A', onHand.A],
    ['PART-B', 'Part B', onHand.B],
  ] as const) {
    const received = await post(p1Admin, '/api/materials/receive', { project_id: p1, part_number, quantity, part_name, standard_name: part_name });
    expect(received.statusCode).toBe(200);
  }

  /** One part's on hand / in transit / incoming in each project ("-" where the project has never held it). */
  async function figures(part: string) {
    const of = async (cookie: string, projectId: string) => {
      const rows = (await get(cookie, `/api/inventory/materials?project_id=${projectId}`)).json().items;
      const row = rows.find((r: { PartNumber: string }) => r.PartNumber === part);
      return row ? `${row.QtyOnHand}/${row.QtyInTransit}/${row.QtyIncoming}` : '-';
    };
    return { p1: await of(p1Admin, p1), p2: await of(p2Admin, p2) };
  }
  const all = async () => ({ A: await figures('PART-A'), B: await figures('PART-B') });
  const items = async (transferId: string): Promise<string[]> =>
    (await get(p1Admin, `/api/transfers/${transferId}`))
      .json()
      .PickList.map((i: { part_number: string; sent: number; received: number; status: string }) => `${i.part_number} ${i.sent} ${i.received} ${i.status}`);

  /** The answer's status and message, with every figure and item as it was before. */
  async function refusedWith(transferId: string, response: Promise<Answer>, code: number, message: string) {
    const before = { figures: await all(), items: await items(transferId) };
    const answer = await response;
    expect([answer.statusCode, answer.json().message]).toEqual([code, message]);
    expect({ figures: await all(), items: await items(transferId) }).toEqual(before);
    return answer.json();
  }

  const close = async () => {
    await app.close();
    await runtime.close();
  };
  return { runtime, app, p1, p2, p1Admin, p2Admin, post, patch, get, figures, all, items, refusedWith, close };
}
