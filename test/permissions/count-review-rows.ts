/**
 * The count review routes' rows of the route × role matrix (matrix-suite.ts). A project's
 * variance, its CSV, posting and the last-counted report are its reviewers' (its admins and
 * managers, and superadmins); its counters, its other members, auditors and outsiders are refused
 * (403). The counts due answer everyone, each with the sessions they review or count. Each row that
 * posts works on a fresh session of its own part, counted by the plain member.
 */
import { randomUUID } from 'node:crypto';
import { runStock } from '../../server/materials/stock-commands.ts';
import { openCount, runCountCommand } from '../../server/stock-count/count-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { always, changes, type MatrixContext, type RouteCase, type Rule, when } from './matrix.ts';

const system = { metadata: SYSTEM_ACTOR };
const PART = 'CNT-REVIEW';

/** Who reviews and posts a project's counts: whoever curates its stock; auditors read its logs, not its counts' review. */
const reviewer: Rule = changes((a) => a.global === 'superadmin' || a.project === 'admin' || a.project === 'manager');

export function countReviewPermissionRows(context: MatrixContext): RouteCase[] {
  const store = () => context.runtime().store;
  let stocked: Promise<void> | null = null;
  const stock = () => {
    stocked ??= (async () => {
      const location = { kind: 'project' as const, id: context.projectId() };
      await runStock(store(), { type: 'receive', location, partNumber: PART, quantity: 50, partName: 'Reviewed part', partNickname: 'Reviewed part' }, system);
    })();
    return stocked;
  };
  /** A fresh session counting PART, its one line counted (at nothing: the first post takes it all to lost) by the plain member. */
  const counted = async () => {
    await stock();
    const sessionId = await openCount(
      store(),
      {
        location: { kind: 'project', id: context.projectId() },
        scope: { kind: 'filter', part_prefix: PART },
        includeAssets: false,
        name: `Matrix review ${randomUUID().slice(0, 6)}`,
        dueDate: null,
        blind: true,
        doubleCount: false,
        counterIds: [context.memberId()],
      },
      system,
    );
    const counter = { userId: context.memberId(), userName: 'Matrix member' };
    await runCountCommand(store(), { type: 'count', sessionId, entry: { part_number: PART, counted: 0 }, counter }, system);
    return sessionId;
  };

  return [
    { name: 'GET /api/counts/due', request: () => ({ method: 'GET', url: '/api/counts/due' }), expected: always(200) },
    {
      name: 'GET /api/counts/last-counted',
      request: () => ({ method: 'GET', url: `/api/counts/last-counted?project_id=${context.projectId()}` }),
      expected: when(reviewer),
    },
    {
      name: 'GET /api/counts/:id/variance',
      request: async () => ({ method: 'GET', url: `/api/counts/${await counted()}/variance` }),
      expected: when(reviewer),
    },
    {
      name: 'GET /api/counts/:id/export.csv',
      request: async () => ({ method: 'GET', url: `/api/counts/${await counted()}/export.csv` }),
      expected: when(reviewer),
    },
    {
      name: 'POST /api/counts/:id/post',
      request: async () => ({ method: 'POST', url: `/api/counts/${await counted()}/post` }),
      expected: when(reviewer),
    },
  ];
}
