/**
 * The transfer routes' rows of the route × role matrix (matrix-suite.ts).
 *
 * A transfer moves stock between two projects, and spec 02 §6 and §4.1 give each step to one
 * side: the source project's admin accepts or denies, fulfils and denies items and ships; the
 * destination project's admin acknowledges receipt, receives items and completes; a request (and
 * its pick list while Requested) is the destination's, by its admin or manager (the admin-guarded
 * Transfers screen, 02 §2.2 and §4.4). A global role other than superadmin (who acts for both
 * sides) adds nothing. So each row puts the matrix project on the side whose role matters and a
 * second project, where no actor has a role, on the other. Whoever is in neither project does not
 * see the transfer (404); auditors read transfers and change none.
 */
import { randomUUID } from 'node:crypto';
import { type Actor, can, changes, type MatrixContext, onlyInMatrixProject, type Rule, type RouteCase, when } from './matrix.ts';
import { guarded } from './policy-rules.ts';
import type { TransferActor } from '../../ledger/transfer/commands.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { createProject } from '../../server/projects/project-commands.ts';
import { runTransfer } from '../../server/transfers/transfer-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';

const system = { metadata: SYSTEM_ACTOR };
const PART = 'XFR-1';
/** The fixtures act for both sides. */
const bothSides: TransferActor = { sourceAdmin: true, destinationAdmin: true, destinationRequester: true };

/** The admin of the side in question (the matrix project's); a superadmin acts for every side. */
const sideAdmin: Rule = (a) => a.global === 'superadmin' || a.project === 'admin';
/** Who requests a transfer into a project and edits the request: its admin or manager. */
const requester: Rule = (a) => a.global === 'superadmin' || a.project === 'admin' || a.project === 'manager';
/** A change to a transfer: hidden from whoever is in neither project, refused to a member without the side's role. */
const onTransfer = (rule: Rule) => (a: Actor) => (!can.view(a) ? 404 : changes(rule)(a) ? 200 : 403);
const reads = (a: Actor) => (can.view(a) ? 200 : 404);

type Stage = 'Requested' | 'Accepted' | 'Ready';

export function transferPermissionRows(context: MatrixContext): RouteCase[] {
  const store = () => context.runtime().store;

  /** The other project of every transfer: nobody of the matrix has a role there; both hold PART. */
  let fixtures: Promise<string> | null = null;
  const partner = () => {
    fixtures ??= (async () => {
      const other = await createProject(store(), { name: 'Matrix partner', customer: null, number: `XP-${randomUUID().slice(0, 8)}` }, system);
      for (const id of [context.projectId(), other]) {
        const receive = { type: 'receive' as const, location: { kind: 'project' as const, id }, partNumber: PART, quantity: 100_000 };
        await runStock(store(), { ...receive, partName: 'Transfer part', partNickname: 'Transfer part' }, system);
      }
      return other;
    })();
    return fixtures;
  };

  /** A fresh pickup transfer of 2 × PART with the matrix project as `side`, brought to `stage` (Ready: fulfilled in full). */
  const transfer = async (side: 'source' | 'destination', stage: Stage): Promise<string> => {
    const other = await partner();
    const [fromId, toId] = side === 'source' ? [context.projectId(), other] : [other, context.projectId()];
    const transferId = randomUUID();
    const request = { type: 'request' as const, transferId, fromId, toId, requestedBy: 'Matrix', requestedById: null, shippingAddress: null };
    await runTransfer(store(), { ...request, deliveryMethod: 'pickup', pickList: [{ partNumber: PART, qty: 2 }] }, bothSides, system);
    const status = (to: 'Accepted' | 'Fulfilled' | 'Ready') =>
      runTransfer(store(), { type: 'status', transferId, status: to, trackingNumber: null }, bothSides, system);
    if (stage === 'Requested') return transferId;
    await status('Accepted');
    if (stage === 'Accepted') return transferId;
    await runTransfer(store(), { type: 'fulfil', transferId, items: [] }, bothSides, system);
    await status('Fulfilled');
    await status('Ready');
    return transferId;
  };
  /** A Ready transfer the destination has acknowledged: its items wait to be received. */
  const received = async () => {
    const id = await transfer('destination', 'Ready');
    await runTransfer(store(), { type: 'status', transferId: id, status: 'Received', trackingNumber: null }, bothSides, system);
    return id;
  };

  return [
    {
      name: 'GET /api/transfers/project/:id',
      request: () => ({ method: 'GET', url: `/api/transfers/project/${context.projectId()}` }),
      expected: when(can.view),
    },
    {
      name: 'GET /api/transfers/:id (the matrix project is the source)',
      request: async () => ({ method: 'GET', url: `/api/transfers/${await transfer('source', 'Requested')}` }),
      expected: reads,
    },
    {
      name: 'GET /api/transfers/:id (the matrix project is the destination)',
      request: async () => ({ method: 'GET', url: `/api/transfers/${await transfer('destination', 'Requested')}` }),
      expected: reads,
    },
    {
      // Into the matrix project: the destination's role decides; nobody has a role in the source.
      name: 'POST /api/transfers (into the matrix project)',
      request: async () => ({
        method: 'POST',
        url: '/api/transfers',
        payload: { Type: 'materials', FromID: await partner(), ToID: context.projectId(), PickList: [{ part_number: PART, qty: 1 }], DeliveryMethod: 'pickup' },
      }),
      // Creating is not reading someone's transfer: outside the destination it is refused, not hidden.
      expected: when(can.requestTransfer),
    },
    {
      name: 'PATCH /api/transfers/:id/status Accepted (by the source)',
      request: async () => ({ method: 'PATCH', url: `/api/transfers/${await transfer('source', 'Requested')}/status`, payload: { status: 'Accepted' } }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'PATCH /api/transfers/:id/status Received (by the destination)',
      request: async () => ({ method: 'PATCH', url: `/api/transfers/${await transfer('destination', 'Ready')}/status`, payload: { status: 'Received' } }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'PATCH /api/transfers/:id/picklist while Requested (by the destination)',
      request: async () => ({
        method: 'PATCH',
        url: `/api/transfers/${await transfer('destination', 'Requested')}/picklist`,
        payload: { pickList: [{ part_number: PART, qty: 3 }] },
      }),
      expected: onTransfer(requester),
    },
    {
      name: 'PATCH /api/transfers/:id/picklist while Accepted, denying an item (by the source)',
      request: async () => ({
        method: 'PATCH',
        url: `/api/transfers/${await transfer('source', 'Accepted')}/picklist`,
        payload: { pickList: [{ part_number: PART, qty: 2, status: 'denied' }] },
      }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'POST /api/transfers/:id/fulfill (by the source)',
      request: async () => ({ method: 'POST', url: `/api/transfers/${await transfer('source', 'Accepted')}/fulfill` }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'POST /api/transfers/:id/fulfill (scanned lines, by the source)',
      request: async () => ({
        method: 'POST',
        url: `/api/transfers/${await transfer('source', 'Accepted')}/fulfill`,
        payload: { lines: [{ part_number: PART, quantity: 1 }] },
      }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'POST /api/transfers/:id/items/deny (by the source)',
      request: async () => ({ method: 'POST', url: `/api/transfers/${await transfer('source', 'Accepted')}/items/deny`, payload: { part_number: PART } }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'POST /api/transfers/:id/items/receive (by the destination)',
      request: async () => ({ method: 'POST', url: `/api/transfers/${await received()}/items/receive`, payload: { part_number: PART, quantity: 1 } }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'POST /api/transfers/:id/items/receive (scanned lines, by the destination)',
      request: async () => ({
        method: 'POST',
        url: `/api/transfers/${await received()}/items/receive`,
        payload: { lines: [{ part_number: PART, quantity: 1 }] },
      }),
      expected: onTransfer(sideAdmin),
    },
    {
      // A read, though a POST (02 §7): whoever sees the transfer, auditors included.
      name: 'POST /api/transfers/history',
      request: async () => ({ method: 'POST', url: '/api/transfers/history', payload: { transfer_id: await transfer('source', 'Accepted') } }),
      expected: reads,
    },
    {
      name: 'POST /api/notify-transfer (from the source)',
      request: async () => ({ method: 'POST', url: '/api/notify-transfer', payload: { transfer_id: await transfer('source', 'Accepted') } }),
      expected: onTransfer(sideAdmin),
    },
    {
      name: 'POST /api/notify-transfer (from the destination)',
      request: async () => ({ method: 'POST', url: '/api/notify-transfer', payload: { transfer_id: await transfer('destination', 'Requested') } }),
      expected: onTransfer(requester),
    },
    // The wizard's lists: every project not hidden from transfers, and a source's parts on hand, for
    // a requester who is not in the source (tested as deliberate in transfers.routes.test.ts).
    // The wizard's lists tell what other projects hold: only for whoever may request a transfer somewhere.
    {
      name: 'GET /api/transfers/source-projects',
      request: async (a) => {
        await onlyInMatrixProject(context, a);
        return { method: 'GET', url: '/api/transfers/source-projects' };
      },
      ...guarded('transfer.request'),
    },
    {
      name: 'GET /api/transfers/source-items',
      request: async (a) => {
        await onlyInMatrixProject(context, a);
        return { method: 'GET', url: `/api/transfers/source-items?project_id=${await partner()}&q=XFR` };
      },
      ...guarded('transfer.request'),
    },
  ];
}
