/**
 * The one live connection of the client (GET /ws/requests: the general channel plus the request notices). It subscribes to the current project (or, with
 * none chosen, to `*`, the site-wide changes such as the warehouses'), turns
 * each `changed` message into RTK Query tag invalidations (so every open page refetches what
 * changed, within a moment, without a reload), and reconnects by itself with backoff; after a
 * reconnect it refetches everything of the project, since changes may have been missed meanwhile.
 * The server closes it with 4401 when the session ends, and says `unsubscribed` when the user loses
 * access to the project it follows.
 */
import { SESSION_ENDED, type ClientMessage } from '@contract/realtime.ts';
import { EVERY_PROJECT } from '@contract/topics.ts';
import type { ApiTagDescription } from '../api/base-api.ts';
import { everythingOf, parseServerMessage, reconnectDelay, tagsForTopics } from './realtime-model.ts';

/** The part of WebSocket this client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeOptions {
  url: string;
  /** Called with the tags a change (or a reconnect) made stale. */
  invalidate: (tags: ApiTagDescription[]) => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  /** A ping this often keeps proxies from closing an idle socket and detects a dead one. */
  keepAliveMs?: number;
  /**
   * The server turned the connection away for want of a valid session (close code 4401): the
   * access cookie has expired, and a call that refreshes it lets the next attempt in.
   */
  onUnauthorized?: () => void;
  /** Messages other than the general ones (the request channel's notices), as received. */
  onOther?: (text: string) => void;
}

/** What losing a project makes stale: the project list and the role no longer hold it, so the screens move on. */
const lostAccessTags = (projectId: string): ApiTagDescription[] => [
  { type: 'Project', id: 'LIST' },
  { type: 'ProjectRole', id: projectId },
];

const OPEN = 1;

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private projectId: string | null = null;
  private ready = false;
  private connectedBefore = false;
  private attempt = 0;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private keepAliveTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;

  constructor(private readonly options: RealtimeOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'leaving');
    }
  }

  /**
   * Follows the project the user is looking at; null while none is chosen. With no project the
   * connection follows `*`: the site-wide changes (warehouses, the catalogue) a project's
   * subscription would otherwise carry.
   */
  setProject(projectId: string | null): void {
    if (projectId === this.projectId) return;
    const previous = this.target();
    this.projectId = projectId;
    if (!this.ready) return;
    this.send({ type: 'unsubscribe', projectId: previous });
    this.send({ type: 'subscribe', projectId: this.target() });
  }

  private target(): string {
    return this.projectId ?? EVERY_PROJECT;
  }

  /** Reconnects at once (the browser is back online), skipping the rest of the backoff wait. */
  reconnectNow(): void {
    if (this.stopped || this.ready) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    if (!this.socket) this.connect();
  }

  private connect(): void {
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => this.onMessage(String(event.data));
    socket.onclose = (event) => this.onClose(socket, event.code);
    socket.onerror = () => {
      // A close event always follows; reconnecting is handled there.
    };
  }

  private onMessage(text: string): void {
    this.lastHeard = Date.now();
    const message = parseServerMessage(text);
    if (!message) {
      this.options.onOther?.(text);
      return;
    }
    if (message.type === 'unsubscribed') {
      if (message.projectId === this.target()) this.options.invalidate(lostAccessTags(message.projectId));
    } else if (message.type === 'ready') {
      this.ready = true;
      this.attempt = 0;
      this.send({ type: 'subscribe', projectId: this.target() });
      if (this.connectedBefore) this.options.invalidate(everythingOf(this.target()));
      this.connectedBefore = true;
      this.startKeepAlive();
    } else if (message.type === 'changed' && message.projectId === this.target()) {
      const tags = tagsForTopics(message.projectId, message.topics);
      if (tags.length > 0) this.options.invalidate(tags);
    }
  }

  private onClose(socket: SocketLike, code: number | undefined): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.ready = false;
    this.clearTimers();
    if (this.stopped) return;
    if (code === SESSION_ENDED.code) this.options.onUnauthorized?.();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private startKeepAlive(): void {
    const every = this.options.keepAliveMs ?? 25_000;
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    this.keepAliveTimer = setInterval(() => {
      // Nothing heard for two rounds, not even a pong: the connection is dead without knowing it.
      if (Date.now() - this.lastHeard > every * 2) {
        this.socket?.close(4000, 'no answer');
        return;
      }
      this.send({ type: 'ping' });
    }, every);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    this.retryTimer = null;
    this.keepAliveTimer = null;
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }
}
