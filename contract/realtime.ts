/**
 * The websocket messages (/ws, and /ws/requests with the request notices besides), as both ends
 * read them: what a browser sends, what the server answers, and the close codes. The server types
 * what it sends with these shapes; a browser reads with them and ignores what it does not know.
 *
 *   browser → server: subscribe / unsubscribe { projectId } (a project id, or EVERY_PROJECT), ping
 *   server → browser: ready, pong, subscribed / unsubscribed { projectId }, changed { projectId, topics },
 *                     error { message }; on /ws/requests also request_submitted / request_reopened
 */
import { SIGN_IN_TO_CONTINUE } from './messages.ts';
import { z } from 'zod';

export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), projectId: z.string() }),
  z.object({ type: z.literal('unsubscribe'), projectId: z.string() }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * The general channel's messages. Read leniently, as the browser always has: topics that are not
 * text are dropped, an error without words reads as ''.
 */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribed'), projectId: z.string() }),
  /** The user may no longer see the project: it was dropped from the subscriptions. */
  z.object({ type: z.literal('unsubscribed'), projectId: z.string() }),
  z.object({
    type: z.literal('changed'),
    projectId: z.string(),
    topics: z.array(z.unknown()).transform((topics) => topics.filter((t): t is string => typeof t === 'string')),
  }),
  z.object({ type: z.literal('error'), message: z.string().catch('') }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

/**
 * A request channel notice (spec 01 §4 Realtime, §8): someone asked for something (for the project's
 * managers), or a receive re-opened a request that waited on delivery (for every member).
 */
export const requestNotice = z.object({
  type: z.enum(['request_submitted', 'request_reopened']),
  projectId: z.string(),
  requestId: z.string(),
  /** The request's short number; 0 when the event does not say it. */
  num: z.number().catch(0),
  /** Who caused it: the requester of a new request, the person receiving for a re-opening. */
  actorId: z.string().nullable().catch(null),
});
export type RequestNotice = z.infer<typeof requestNotice>;

/** A message read with `schema`, or null for what is not JSON or not that message. */
export function readMessage<T>(schema: z.ZodType<T>, text: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The close code and reason for a socket without a valid session; the browser treats it as a 401. */
export const SESSION_ENDED = { code: 4401, reason: SIGN_IN_TO_CONTINUE } as const;
/** The close code and reason when the user already has as many sockets open as allowed. */
export const TOO_MANY_SOCKETS = { code: 4429, reason: 'Too many open connections: close another tab or window.' } as const;
