/**
 * The request channel's own messages (WebSocket /ws/requests, spec 01 §4 Realtime, §8): on top of
 * everything the general channel says, a `request_submitted` notice when someone asks for something
 * (for the project's managers: the screen shows `New request received` and raises the unread badge)
 * and a `request_reopened` notice when a receive re-opens a request that waited on delivery (for
 * every member: the screen shows the re-opened toast). Each names its project and who caused it,
 * so a browser does not tell a person about their own doing.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import type { RequestNotice } from '../../contract/realtime.ts';

/** Who hears a notice: the managers of its project, or everyone following the project. */
export type Audience = 'managers' | 'members';

// Only the fields the notices need, so a richer event still reads.
const submitted = z.object({ requestId: z.string(), projectId: z.string(), num: z.number().optional() });
const reopened = z.object({ requestId: z.string(), projectId: z.string(), cause: z.string() });

/** The notices a batch of committed events makes, in their order. */
export function requestNotices(events: readonly RecordedEvent[]): { notice: RequestNotice; audience: Audience }[] {
  const out: { notice: RequestNotice; audience: Audience }[] = [];
  for (const event of events) {
    if (event.type === 'RequestSubmitted') {
      const data = submitted.safeParse(event.data);
      if (!data.success) continue;
      out.push({
        notice: {
          type: 'request_submitted',
          projectId: data.data.projectId,
          requestId: data.data.requestId,
          num: data.data.num ?? 0,
          actorId: event.metadata.actorId,
        },
        audience: 'managers',
      });
    } else if (event.type === 'RequestReopened') {
      const data = reopened.safeParse(event.data);
      // A manager's own Re-Open is seen on the screens as a change; only a receive's is announced.
      if (!data.success || data.data.cause !== 'receive') continue;
      out.push({
        notice: { type: 'request_reopened', projectId: data.data.projectId, requestId: data.data.requestId, num: 0, actorId: event.metadata.actorId },
        audience: 'members',
      });
    }
  }
  return out;
}
