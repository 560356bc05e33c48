/**
 * Websockets at /ws and /ws/requests. A signed-in browser subscribes to the project it shows
 * (`{"type":"subscribe","projectId":…}`, checked against its access) and then receives
 * `{"type":"changed","projectId":…,"topics":[…]}` after every commit that touches it, from any
 * server process. A screen that shows no one project (a warehouse screen) subscribes to `*` and
 * hears the site-wide changes (catalogue, warehouses) as `projectId: "*"`. /ws/requests says all of
 * that and the request notices besides (request-notices.ts). A socket lasts only as long as its
 * session, and its subscriptions only as long as the access they were granted for (socket-access.ts).
 */
import { NO_PROJECT_ACCESS } from '../../contract/messages.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { ACCESS_COOKIE } from '../plugins/auth.ts';
import { projectAccess } from '../projects/project-access.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { startFanOut } from './fan-out.ts';
import { requestNotices } from './request-notices.ts';
import { watchSocketAccess, type SubscribedClient } from './socket-access.ts';
import { clientMessage, SESSION_ENDED, TOO_MANY_SOCKETS, type ServerMessage } from '../../contract/realtime.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { Change } from './topics.ts';

// A browser that stops reading its socket is cut off once this much waits for it: hints only pile up.
const MAX_BUFFERED_BYTES = 256 * 1024;

interface Client extends SubscribedClient {
  /** The request channel also carries the request notices. */
  requests: boolean;
}

async function realtimePlugin(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const clients = new Set<Client>();

  const deliver = (changes: Change[], events: RecordedEvent[]) => {
    const notices = requestNotices(events);
    for (const client of clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.socket.terminate();
        clients.delete(client);
        continue;
      }
      const byProject = new Map<string, Set<string>>();
      for (const change of changes) {
        // A site-wide change (the catalogue, the warehouses) goes to every subscription, `*` included.
        const targets = change.projectId === EVERY_PROJECT ? [...client.projects] : client.projects.has(change.projectId) ? [change.projectId] : [];
        for (const projectId of targets) {
          const topics = byProject.get(projectId) ?? new Set<string>();
          for (const topic of change.topics) topics.add(topic);
          byProject.set(projectId, topics);
        }
      }
      for (const [projectId, topics] of byProject) {
        client.socket.send(JSON.stringify({ type: 'changed', projectId, topics: [...topics].sort() } satisfies ServerMessage));
      }
      if (!client.requests) continue;
      for (const { notice, audience } of notices) {
        if (!client.projects.has(notice.projectId) || (audience === 'managers' && !client.manages.has(notice.projectId))) continue;
        client.socket.send(JSON.stringify(notice));
      }
    }
  };
  const fanOut = await startFanOut(app.store, deliver, () => clients.size > 0);
  const accessWatch = watchSocketAccess(app, clients);
  app.addHook('onClose', async () => {
    for (const client of clients) client.socket.close(1001, 'server shutting down');
    await accessWatch.stop();
    await fanOut.stop();
  });

  const handler = (requests: boolean) => async (socket: WebSocket, request: FastifyRequest) => {
    const send = (message: ServerMessage) => socket.send(JSON.stringify(message));
    const wakeupsBeforeLookup = accessWatch.wakeups();
    const token = request.cookies[ACCESS_COOKIE];
    const user = token ? await app.access.user(token) : null;
    if (!user) {
      socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
      return;
    }
    let open = 0;
    for (const other of clients) if (other.user.id === user.id) open += 1;
    if (open >= app.config.wsMaxPerUser) {
      socket.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
      return;
    }
    const client: Client = { socket, user, projects: new Set(), manages: new Set(), requests };
    if (clients.size === 0) await fanOut.resume();
    clients.add(client);
    // Access that changed while it was being looked up may have been checked without this socket.
    if (accessWatch.wakeups() !== wakeupsBeforeLookup) accessWatch.recheck();
    socket.on('close', () => clients.delete(client));
    socket.on('message', (raw) => {
      void (async () => {
        let value: unknown;
        try {
          value = JSON.parse(String(raw));
        } catch {
          send({ type: 'error', message: 'Messages must be JSON.' });
          return;
        }
        // JSON that is no message of ours is ignored.
        const parsed = clientMessage.safeParse(value);
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === 'subscribe' && message.projectId === EVERY_PROJECT) {
          // A screen that shows no one project (a warehouse screen) hears the site-wide changes.
          client.projects.add(EVERY_PROJECT);
          send({ type: 'subscribed', projectId: EVERY_PROJECT });
        } else if (message.type === 'subscribe') {
          const wakeupsBeforeCheck = accessWatch.wakeups();
          const access = await projectAccess(app.access, user, message.projectId).catch(() => null);
          if (!access?.view) {
            send({ type: 'error', message: NO_PROJECT_ACCESS });
            return;
          }
          client.projects.add(message.projectId);
          if (access.manage) client.manages.add(message.projectId);
          send({ type: 'subscribed', projectId: message.projectId });
          if (accessWatch.wakeups() !== wakeupsBeforeCheck) accessWatch.recheck();
        } else if (message.type === 'unsubscribe') {
          client.projects.delete(message.projectId);
          client.manages.delete(message.projectId);
        } else {
          send({ type: 'pong' });
        }
      })();
    });
    send({ type: 'ready' });
  };

  app.get('/ws', { websocket: true, schema: { hide: true } }, handler(false));
  app.get('/ws/requests', { websocket: true, schema: { hide: true } }, handler(true));
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['db', 'auth'] });
