/**
 * Keeps every open socket within what its session still allows. A socket belongs to the session it
 * was opened with (not to the access token, which the browser renews over HTTP while the socket
 * stays open). Whenever access may have changed — this process's own commits and revocations, the
 * `access_changed` NOTIFY that reaches every process (migration 0008), and a slow timer for sessions
 * whose last token simply expired — all open sockets are looked at again at once:
 * - a session that was signed out or revoked, whose user was deactivated or got another global role,
 *   or that has no unexpired token left: the socket is closed with 4401, as a browser without a
 *   session is turned away;
 * - a project the user may no longer see: dropped from the subscriptions, with
 *   `{"type":"unsubscribed","projectId":…}`; the request notices for managers follow `manage`.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { ACCESS_CHANGED_CHANNEL, changesAccess } from '../auth/access-cache.ts';
import { onSessionsRevoked, type AuthenticatedUser } from '../auth/session-store.ts';
import { accessFor } from '../projects/project-access.ts';
import { SESSION_ENDED, type ServerMessage } from '../../contract/realtime.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';

// Sessions also end without anyone acting on them, when their last token expires.
const EXPIRY_CHECK_MS = 30_000;

export interface SubscribedClient {
  socket: WebSocket;
  user: AuthenticatedUser;
  projects: Set<string>;
  /** The subscribed projects this user manages: they hear of new requests. */
  manages: Set<string>;
}

export interface SocketAccessWatch {
  /** Counts the wake-ups: an access answer read before the count moved may predate a change. */
  wakeups(): number;
  /** Looks at every open socket again, soon (coalesced with a look already under way). */
  recheck(): void;
  stop(): Promise<void>;
}

export function watchSocketAccess(app: FastifyInstance, clients: ReadonlySet<SubscribedClient>): SocketAccessWatch {
  let wakeups = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const recheck = () => {
    wakeups += 1;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = revalidate(app, clients)
      .catch((error: unknown) => app.log.warn({ err: error }, 'websocket access check failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          recheck();
        }
      });
  };

  // Registered after the auth plugin's listeners (a plugin dependency): the access cache is already
  // cleared when the count moves, so a lookup that starts after it reads fresh access.
  const stops = [
    app.store.notifier.onChannel(ACCESS_CHANGED_CHANNEL, recheck),
    app.store.onCommitted((events) => {
      if (events.some(changesAccess)) recheck();
    }),
    onSessionsRevoked(recheck),
  ];
  const timer = setInterval(recheck, EXPIRY_CHECK_MS);
  timer.unref();

  return {
    wakeups: () => wakeups,
    recheck,
    stop: async () => {
      stopped = true;
      for (const stop of stops) stop();
      clearInterval(timer);
      await running;
    },
  };
}

/** One query for the sessions of all open sockets, one for the memberships they are subscribed to. */
async function revalidate(app: FastifyInstance, clients: ReadonlySet<SubscribedClient>): Promise<void> {
  const open = [...clients].filter((client) => client.socket.readyState === client.socket.OPEN);
  if (open.length === 0) return;
  const sessionIds = [...new Set(open.map((client) => client.user.sessionId))];
  const sessions = await app.db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 'u.role'])
    .where(sql<boolean>`s.id = any(${sessionIds}::uuid[])`)
    .where('s.revoked_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('auth_tokens as t').select('t.session_id').whereRef('t.session_id', '=', 's.id').where('t.expires_at', '>', new Date())),
    )
    .execute();
  const roleOfSession = new Map(sessions.map((session) => [session.id, session.role]));

  const staying: SubscribedClient[] = [];
  for (const client of open) {
    if (roleOfSession.get(client.user.sessionId) === client.user.role) staying.push(client);
    else client.socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
  }

  const subscribed = staying.flatMap((client) =>
    [...client.projects].filter((projectId) => projectId !== EVERY_PROJECT).map((projectId) => ({ client, projectId })),
  );
  if (subscribed.length === 0) return;
  const projectIds = [...new Set(subscribed.map((s) => s.projectId))];
  const userIds = [...new Set(subscribed.map((s) => s.client.user.id))];
  // Every live project asked about, with the rows of those users who are its members.
  const rows = await app.db
    .selectFrom('projects as p')
    .leftJoin('project_members as m', (join) => join.onRef('m.project_id', '=', 'p.id').on(sql<boolean>`m.user_id = any(${userIds}::uuid[])`))
    .select(['p.id as projectId', 'm.user_id as userId', 'm.project_role as projectRole'])
    .where(sql<boolean>`p.id = any(${projectIds}::uuid[])`)
    .where('p.archived_at', 'is', null)
    .execute();
  const liveProjects = new Set(rows.map((row) => row.projectId));
  const roleInProject = new Map(rows.filter((row) => row.userId !== null).map((row) => [`${row.userId}:${row.projectId}`, row.projectRole]));

  for (const { client, projectId } of subscribed) {
    // Unsubscribed by the browser meanwhile: nothing to keep or take back.
    if (!client.projects.has(projectId)) continue;
    const access = liveProjects.has(projectId) ? accessFor(client.user.role, roleInProject.get(`${client.user.id}:${projectId}`) ?? null) : null;
    if (access?.view) {
      if (access.manage) client.manages.add(projectId);
      else client.manages.delete(projectId);
      continue;
    }
    client.projects.delete(projectId);
    client.manages.delete(projectId);
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify({ type: 'unsubscribed', projectId } satisfies ServerMessage));
  }
}
