/**
 * Transfers between projects (spec 02 §7 Transfers): the list of a project's transfers, the request,
 * status and pick-list changes, item fulfilment, denial and receipt, the history from the ledger,
 * the notice to the other project's admins, and the searches the wizard uses. Each change builds one
 * command with the caller's side in it and answers the transfer as it now stands.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import {
  createdTransfer,
  createTransferBody,
  denyItemBody,
  fulfillBody,
  historyBody,
  notifyAnswer,
  notifyBody,
  picklistBody,
  projectIdList,
  projectTransfersParams,
  receiveItemBody,
  searchProjectsQuery,
  SOURCE_ITEMS_LIMIT,
  sourceItem,
  sourceItemsQuery,
  sourceProject,
  statusBody,
  TRANSFER_MESSAGES,
  transferHistory as transferHistoryAnswer,
  transferList,
  transferParams,
  transferSchema,
} from '../../../contract/transfers.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { z } from 'zod';
import {
  findTransfer,
  projectAdminEmails,
  projectsHolding,
  projectTransfers,
  sourceItems,
  transferHistory,
  transferSourceProjects,
} from '../../../projections/transfers/queries.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { commandOptions, displayName } from '../../plugins/command-context.ts';
import { requireVisible, transferSides } from '../../transfers/transfer-access.ts';
import { runTransfer, type TransferRequest } from '../../transfers/transfer-commands.ts';

const tags = ['transfers'];
const scannedLines = (lines: Array<{ part_number: string; quantity: number }>) => lines.map((l) => ({ partNumber: l.part_number, quantity: l.quantity }));

export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function load(request: FastifyRequest, transferId: string) {
    const transfer = await findTransfer(app.db, transferId);
    if (!transfer) throw new DomainError('NOT_FOUND', TRANSFER_MESSAGES.notFound);
    const sides = await transferSides(app.access, request.caller, transfer.FromID, transfer.ToID);
    requireVisible(sides);
    return { transfer, sides };
  }

  /** Runs a change of an existing transfer and answers it as it now stands. */
  async function change(request: FastifyRequest, transferId: string, command: TransferRequest) {
    const { sides } = await load(request, transferId);
    await runTransfer(app.store, command, sides.actor, commandOptions(request));
    return (await findTransfer(app.db, transferId))!;
  }

  r.get(
    '/api/transfers/project/:id',
    {
      config: { projectAccess: { level: 'view', from: 'params' } },
      schema: {
        summary: "A project's transfers, into it and out of it, newest first",
        tags,
        params: projectTransfersParams,
        response: { 200: transferList, ...errors },
      },
    },
    async (request) => ({ items: await projectTransfers(app.db, request.project!.id) }),
  );

  r.get(
    '/api/transfers/:id',
    { schema: { summary: 'One transfer (member of either project)', tags, params: transferParams, response: { 200: transferSchema, ...errors } } },
    async (request) => (await load(request, request.params.id)).transfer,
  );

  r.post(
    '/api/transfers',
    {
      schema: {
        summary: 'Request a transfer into ToID from FromID (admin or manager of ToID); the requester is the caller',
        tags,
        body: createTransferBody,
        response: { 200: createdTransfer, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const user = request.caller;
      const sides = await transferSides(app.access, user, b.FromID, b.ToID);
      if (!sides.seesDestination) throw new DomainError('FORBIDDEN', TRANSFER_MESSAGES.requesterOnly);
      const transferId = randomUUID();
      await runTransfer(
        app.store,
        {
          type: 'request',
          transferId,
          fromId: b.FromID,
          toId: b.ToID,
          requestedBy: displayName(user),
          requestedById: user.id,
          deliveryMethod: b.DeliveryMethod,
          shippingAddress: b.DeliveryMethod === 'label' ? (b.shipping_address ?? null) : null,
          pickList: b.PickList.map((p) => ({ partNumber: p.part_number, qty: p.qty })),
        },
        sides.actor,
        commandOptions(request),
      );
      return { id: transferId };
    },
  );

  r.patch(
    '/api/transfers/:id/status',
    {
      schema: {
        summary: 'Move a transfer along the state table (spec 02 §4.1); Shipped takes a TrackingNumber',
        tags,
        params: transferParams,
        body: statusBody,
        response: { 200: transferSchema, ...errors },
      },
    },
    async (request) =>
      change(request, request.params.id, {
        type: 'status',
        transferId: request.params.id,
        status: request.body.status,
        trackingNumber: request.body.TrackingNumber ?? null,
      }),
  );

  r.patch(
    '/api/transfers/:id/picklist',
    {
      schema: {
        summary: "Rewrite a Requested transfer's pick list (requester's side), or deny items of an Accepted one with status denied (source admin)",
        tags,
        params: transferParams,
        body: picklistBody,
        response: { 200: transferSchema, ...errors },
      },
    },
    async (request) =>
      change(request, request.params.id, {
        type: 'picklist',
        transferId: request.params.id,
        pickList: request.body.pickList.map((p) => ({ partNumber: p.part_number, qty: p.qty, status: p.status })),
      }),
  );

  r.post(
    '/api/transfers/:id/fulfill',
    {
      schema: {
        summary:
          "Fulfil items (source admin, Accepted): no body sends the rest of every pending or partial item; part_number with a quantity sends that many more of one; lines (scanned parts with quantities) send them all or none. The units leave the source's on hand into in transit",
        tags,
        params: transferParams,
        body: fulfillBody,
        response: { 200: transferSchema, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      if (b?.lines) return change(request, request.params.id, { type: 'fulfil-lines', transferId: request.params.id, lines: scannedLines(b.lines) });
      const items = b?.part_number ? [{ partNumber: b.part_number, quantity: b.quantity ?? null }] : [];
      return change(request, request.params.id, { type: 'fulfil', transferId: request.params.id, items });
    },
  );

  r.post(
    '/api/transfers/:id/items/deny',
    {
      schema: {
        summary: 'Deny what was not sent of a pending or partial item (source admin, Accepted); units already sent stay in transit to the destination',
        tags,
        params: transferParams,
        body: denyItemBody,
        response: { 200: transferSchema, ...errors },
      },
    },
    async (request) => change(request, request.params.id, { type: 'deny-item', transferId: request.params.id, partNumber: request.body.part_number }),
  );

  r.post(
    '/api/transfers/:id/items/receive',
    {
      schema: {
        summary:
          "Receive an item (destination admin, Received), or scanned lines all or none: the units leave the source's in transit into the destination's on hand",
        tags,
        params: transferParams,
        body: receiveItemBody,
        response: { 200: transferSchema, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      if (b.lines) return change(request, request.params.id, { type: 'receive-lines', transferId: request.params.id, lines: scannedLines(b.lines) });
      // The body's check holds both when there are no lines.
      return change(request, request.params.id, { type: 'receive', transferId: request.params.id, partNumber: b.part_number!, quantity: b.quantity! });
    },
  );

  r.post(
    '/api/transfers/history',
    {
      schema: {
        summary: "A transfer's history as the ledger holds it (who did what, when), optionally one item's; nothing is recorded by this call",
        tags,
        body: historyBody,
        response: { 200: transferHistoryAnswer, ...errors },
      },
    },
    async (request) => {
      await load(request, request.body.transfer_id);
      return { items: await transferHistory(app.db, request.body.transfer_id, request.body.item_number) };
    },
  );

  r.post(
    '/api/notify-transfer',
    {
      schema: {
        summary: "E-mail the other project's admins about a transfer (through the outbox); a source admin or a destination admin or manager",
        tags,
        body: notifyBody,
        response: { 200: notifyAnswer, ...errors },
      },
    },
    async (request) => {
      const { transfer, sides } = await load(request, request.body.transfer_id);
      // Notice comes from someone who acts on the transfer (spec 02 §6): a member who can do nothing with it has nothing to announce.
      if (!sides.actor.sourceAdmin && !sides.actor.destinationRequester) throw new DomainError('FORBIDDEN', TRANSFER_MESSAGES.notifyActorsOnly);
      // The caller's own side is the one that acted: the notice goes to the other one.
      const toSource = sides.seesDestination && (!sides.seesSource || ['Requested', 'Received', 'Complete'].includes(transfer.Status));
      const recipients = await projectAdminEmails(app.db, toSource ? transfer.FromID : transfer.ToID);
      const me = request.caller;
      const link = `${app.config.publicUrl}/dashboard/manage_transfers`;
      const lines = transfer.PickList.map((i) => `  ${i.part_number}  ${i.part_name}  qty ${i.qty}  (${i.status})`).join('\n');
      await app.db.transaction().execute(async (trx) => {
        for (const to of recipients) {
          await enqueueMail(trx, {
            to,
            subject: `Transfer ${transfer.FromName} → ${transfer.ToName}: ${transfer.Status}`,
            body: `${displayName(me)} asks you to look at a transfer from ${transfer.FromName} to ${transfer.ToName}, now ${transfer.Status} (${transfer.DeliveryMethod}).\n\n${lines}\n\nOpen it at ${link}\n`,
          });
        }
      });
      if (recipients.length > 0) app.mail.wake();
      return { queued: recipients.length };
    },
  );

  const searchSchema = (path: string) => ({
    summary: `Ids of the projects holding a part matching q on hand, from 2 characters; projects hidden from transfers left out; for whoever may request a transfer (${path})`,
    tags,
    querystring: searchProjectsQuery,
    response: { 200: projectIdList, ...errors },
  });
  /** Judged before validation: someone who may not request a transfer learns nothing from these lists. */
  const requester = { config: { access: 'transfer.request' } } as const;
  r.get('/api/inventory/materials/search-projects', { ...requester, schema: searchSchema('inventory') }, async (request) =>
    projectsHolding(app.db, request.query.q),
  );
  r.get('/api/materials/search-projects', { ...requester, schema: searchSchema('materials') }, async (request) => projectsHolding(app.db, request.query.q));

  r.get(
    '/api/transfers/source-projects',
    {
      ...requester,
      schema: {
        summary: 'Projects a transfer can come from (not hidden from transfers), for whoever may request a transfer; the wizard leaves out the current one',
        tags,
        response: { 200: z.object({ items: z.array(sourceProject) }), ...errors },
      },
    },
    async () => ({ items: await transferSourceProjects(app.db) }),
  );
  r.get(
    '/api/transfers/source-items',
    {
      ...requester,
      schema: {
        summary: `A source project's parts on hand matching q, first ${SOURCE_ITEMS_LIMIT}, for whoever may request a transfer`,
        tags,
        querystring: sourceItemsQuery,
        response: { 200: z.object({ items: z.array(sourceItem) }), ...errors },
      },
    },
    async (request) => ({ items: await sourceItems(app.db, request.query.project_id, request.query.q, SOURCE_ITEMS_LIMIT) }),
  );
}
