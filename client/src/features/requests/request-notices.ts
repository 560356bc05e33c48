/**
 * What the request channel (/ws/requests) says besides the general `changed` messages: a request was
 * submitted, or a receive re-opened one that waited on delivery (spec 01 §4 Realtime, §8). Pure: the
 * reading of a message, who is shown what, and the throttle of the unread count's refresh (spec 01
 * §9: at most once in 30 s), with the clock and timers handed in so tests need no waiting.
 */
import { readMessage, requestNotice, type RequestNotice } from '@contract/realtime.ts';
// From the words, not requests.ts: this module is in every signed-in page's first load, the request schemas are not.
import { NEW_REQUEST_TOAST_MS, REOPENED_TOAST_MS, REQUEST_MESSAGES, UNREAD_REFRESH_THROTTLE_MS } from '@contract/messages/requests.ts';

/** A request notice, or null for any other message. */
export const parseRequestNotice = (text: string): RequestNotice | null => readMessage(requestNotice, text);

export interface Toast {
  message: string;
  duration: number;
  id: string;
}

export interface Viewer {
  userId: string | null;
  projectId: string | null;
  /** A global admin, or an admin or manager of the project: the ones who handle requests. */
  manages: boolean;
}

/**
 * What a notice does for this viewer: a toast (or none), and whether the unread badge goes up.
 * Nobody is told of their own doing: the requester's form and the receiver's wizard say it already.
 */
export function noticeEffect(notice: RequestNotice, viewer: Viewer): { toast: Toast | null; bump: boolean } {
  const none = { toast: null, bump: false };
  if (notice.projectId !== viewer.projectId || (notice.actorId !== null && notice.actorId === viewer.userId)) return none;
  if (notice.type === 'request_submitted') {
    if (!viewer.manages) return none;
    return { toast: { message: REQUEST_MESSAGES.newRequestToast, duration: NEW_REQUEST_TOAST_MS, id: `request-new-${notice.requestId}` }, bump: true };
  }
  // One toast however many requests a receive re-opened: the id makes a second one replace the first.
  return { toast: { message: REQUEST_MESSAGES.reopenedToast, duration: REOPENED_TOAST_MS, id: 'request-reopened' }, bump: false };
}

/**
 * Refreshes the unread count at most once in 30 s per project: the first ask goes at once, asks in
 * the following 30 s become one refresh when they are over.
 */
export class UnreadRefresher {
  private readonly last = new Map<string, number>();
  private readonly pending = new Map<string, unknown>();

  constructor(
    private readonly refresh: (projectId: string) => void,
    private readonly now: () => number = Date.now,
    private readonly later: (run: () => void, ms: number) => unknown = setTimeout,
    private readonly every = UNREAD_REFRESH_THROTTLE_MS,
  ) {}

  request(projectId: string): void {
    if (this.pending.has(projectId)) return;
    const wait = (this.last.get(projectId) ?? Number.NEGATIVE_INFINITY) + this.every - this.now();
    if (wait <= 0) {
      this.run(projectId);
      return;
    }
    this.pending.set(
      projectId,
      this.later(() => {
        this.pending.delete(projectId);
        this.run(projectId);
      }, wait),
    );
  }

  private run(projectId: string): void {
    this.last.set(projectId, this.now());
    this.refresh(projectId);
  }
}
