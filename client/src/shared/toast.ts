/**
 * Toasts with the durations of spec 01 §9: success 2 s, error and plain 4 s, loading until
 * replaced or dismissed. Feature code calls these rather than @mantine/notifications directly.
 * Passing the id of a shown toast replaces it, so a loading toast can turn into its outcome.
 */
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import type { ReactNode } from 'react';

export const TOAST_DURATION = {
  success: 2000,
  error: 4000,
  info: 4000,
} as const;

/** How many toasts are visible at once; the rest wait in the queue. */
export const TOAST_LIMIT = 20;

export interface ToastOptions {
  title?: ReactNode;
  /** Milliseconds; overrides the default of the kind (e.g. 7 s for a new request). */
  duration?: number;
  id?: string;
}

/** When each error toast appeared, so a page change can tell stale errors from the one that caused it. */
const errorShownAt = new Map<string, number>();

/** An error that came with a page change (a refused link that sends the user on) is not stale yet. */
export const FRESH_ERROR_MS = 1000;

function isShown(id: string): boolean {
  const { notifications: visible, queue } = notificationsStore.getState();
  return visible.some((n) => n.id === id) || queue.some((n) => n.id === id);
}

function upsert(data: NotificationData): string {
  if (data.id && isShown(data.id)) {
    notifications.update(data);
    return data.id;
  }
  return notifications.show(data);
}

function build(message: ReactNode, color: string | undefined, autoClose: number | false, options: ToastOptions): NotificationData {
  return {
    message,
    color,
    title: options.title,
    autoClose,
    loading: autoClose === false,
    withCloseButton: autoClose !== false,
    ...(options.id ? { id: options.id } : {}),
  };
}

export const toast = {
  /** A plain toast ("blank" in the spec). */
  info: (message: ReactNode, options: ToastOptions = {}) => upsert(build(message, undefined, options.duration ?? TOAST_DURATION.info, options)),
  success: (message: ReactNode, options: ToastOptions = {}) => upsert(build(message, 'teal', options.duration ?? TOAST_DURATION.success, options)),
  error: (message: ReactNode, options: ToastOptions = {}) => {
    const id = upsert(build(message, 'red', options.duration ?? TOAST_DURATION.error, options));
    errorShownAt.set(id, Date.now());
    return id;
  },
  loading: (message: ReactNode, options: Omit<ToastOptions, 'duration'> = {}) => upsert(build(message, undefined, false, options)),
  dismiss: (id: string) => notifications.hide(id),
  /**
   * Hides the error toasts shown before the last second. Called when the user moves to another
   * page: an error is about the page it came from, and one left behind reads as a failure of the
   * new page. One shown just now is why the page changed, and stays.
   */
  dismissStaleErrors: (now = Date.now()) => {
    const { notifications: visible, queue } = notificationsStore.getState();
    const open = new Set([...visible, ...queue].map((n) => n.id));
    for (const [id, at] of errorShownAt) {
      if (!open.has(id)) errorShownAt.delete(id);
      else if (now - at >= FRESH_ERROR_MS) {
        notifications.hide(id);
        errorShownAt.delete(id);
      }
    }
  },
};
