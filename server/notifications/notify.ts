/**
 * The notification consumer's handler: from a page of committed events, the e-mails the users'
 * preferences promise, written to the outbox in the subscription's transaction (so the page's
 * checkpoint and its e-mails commit together: each e-mail exactly once).
 *
 * - Assignment e-mails: every event that raises a user's field-assigned quantity in a project (an
 *   assignment, from a screen, a bulk file or a fulfilled request, and units found back into a
 *   user's field stock, and an asset instance marked in use for them) to that user, when their
 *   `emails` preference is on.
 * - Stock alerts: when a part's on hand crosses below its low or critical threshold, to the
 *   project's admins and managers whose `stock_emails` preference is on.
 */
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import type { AssetEvent } from '../../ledger/asset/events.ts';
import { isStockItemEvent } from '../../ledger/stock-item/events.ts';
import { stockDeltas } from '../../ledger/stock-item/stock-numbers.ts';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.ts';
import { assignmentMail, stockAlertMail, type ProjectName, type Recipient } from './mail-texts.ts';
import { stockCrossings, type ProjectStockEvent } from './stock-alerts.ts';

const isProjectStockEvent = (event: RecordedEvent): event is ProjectStockEvent => isStockItemEvent(event) && event.data.location.kind === 'project';

/** How the movement that took on hand down reads in a sentence. */
function movementOf(event: ProjectStockEvent): string {
  const q = 'quantity' in event.data ? event.data.quantity : 0;
  switch (event.type) {
    case 'MaterialAssigned':
      return `an assignment of ${q} to ${event.data.userName}`;
    case 'MaterialReturned':
      return `a return of ${q} to the vendor`;
    case 'MaterialMarkedLost':
      return `${q} marked lost`;
    case 'MaterialSentOnTransfer':
      return `a transfer of ${q} to ${event.data.projectLabel}`;
    case 'MaterialReturnedToWarehouse':
      return `a return of ${q} to ${event.data.warehouseLabel}`;
    default:
      return `a movement of ${q}`;
  }
}

interface Assignment {
  projectId: string;
  userId: string;
  quantity: number;
  part: { partNumber: string; partName: string };
  actorName: string;
  how: 'assigned' | 'found';
}

/** An asset instance put in a person's hands in a project (marked in use for them). */
function assetAssignment(event: RecordedEvent): Assignment | null {
  if (event.type !== 'AssetInstanceMarkedInUse') return null;
  const data = event.data as Extract<AssetEvent, { type: 'AssetInstanceMarkedInUse' }>['data'];
  if (data.owner.type !== 'project') return null;
  const serial = data.asset.serialNumber ? ` S/N ${data.asset.serialNumber}` : '';
  return {
    projectId: data.owner.id,
    userId: data.userId,
    quantity: 1,
    part: { partNumber: `${data.asset.assetNumber}${serial}`, partName: data.asset.assetName },
    actorName: event.metadata.actorName,
    how: 'assigned',
  };
}

export async function notificationsFor(trx: Trx, events: RecordedEvent[], publicUrl: string): Promise<OutgoingMail[]> {
  const stock = events.filter(isProjectStockEvent);
  const assignments: Assignment[] = [
    ...stock.flatMap((event) => {
      const user = stockDeltas(event).user;
      if (!user || user.delta <= 0) return [];
      const how: Assignment['how'] = event.type === 'MaterialMarkedFound' ? 'found' : 'assigned';
      const part = { partNumber: event.data.partNumber, partName: event.data.partName };
      return [{ projectId: event.data.location.id, userId: user.userId, quantity: user.delta, part, actorName: event.metadata.actorName, how }];
    }),
    ...events.flatMap((event) => assetAssignment(event) ?? []),
  ];
  if (stock.length === 0 && assignments.length === 0) return [];
  const crossings = await stockCrossings(trx, stock);

  const projectIds = [...new Set([...assignments.map((a) => a.projectId), ...crossings.map((c) => c.projectId)])];
  if (projectIds.length === 0) return [];
  const userIds = [...new Set(assignments.map((a) => a.userId))];
  const alertProjects = [...new Set(crossings.map((c) => c.projectId))];
  const [projects, assignees, watchers] = await Promise.all([
    trx.selectFrom('projects').select(['id', 'project_name', 'project_number']).where('id', 'in', projectIds).execute(),
    userIds.length === 0
      ? []
      : trx
          .selectFrom('users')
          .select(['id', 'email', 'user_firstname'])
          .where('id', 'in', userIds)
          .where('emails', '=', true)
          .where('status', '=', 'active')
          .where('deactivated_at', 'is', null)
          .execute(),
    alertProjects.length === 0
      ? []
      : trx
          .selectFrom('project_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['m.project_id', 'u.email', 'u.user_firstname'])
          .where('m.project_id', 'in', alertProjects)
          .where('m.project_role', 'in', ['admin', 'manager'])
          .where('u.stock_emails', '=', true)
          .where('u.status', '=', 'active')
          .where('u.deactivated_at', 'is', null)
          .orderBy('u.email')
          .execute(),
  ]);
  const projectById = new Map<string, ProjectName>(projects.map((p) => [p.id, p]));
  const assigneeById = new Map<string, Recipient>(assignees.map((u) => [u.id, u]));

  const mails: OutgoingMail[] = [];
  for (const { projectId, userId, quantity, part, actorName, how } of assignments) {
    const recipient = assigneeById.get(userId);
    const project = projectById.get(projectId);
    if (!recipient || !project) continue;
    mails.push(assignmentMail({ recipient, project, part, quantity, actorName, how }, publicUrl));
  }
  for (const crossing of crossings) {
    const project = projectById.get(crossing.projectId);
    if (!project) continue;
    const { event } = crossing;
    const part = { partNumber: event.data.partNumber, partName: event.data.partName };
    for (const recipient of watchers.filter((w) => w.project_id === crossing.projectId)) {
      mails.push(
        stockAlertMail(
          {
            recipient,
            project,
            part,
            level: crossing.level,
            onHand: crossing.onHand,
            thresholds: crossing.thresholds,
            actorName: event.metadata.actorName,
            movement: movementOf(event),
          },
          publicUrl,
        ),
      );
    }
  }
  return mails;
}

/** The subscription's handler: the page's e-mails into the outbox, in the page's transaction. */
export function notificationHandler(publicUrl: string) {
  return async (trx: Trx, events: RecordedEvent[]): Promise<void> => {
    for (const mail of await notificationsFor(trx, events, publicUrl)) await enqueueMail(trx, mail);
  };
}
