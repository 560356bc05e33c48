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

function build(
  message: ReactNode,
  color: string | undefined,
  autoClose: number | false,
  options: ToastOptions,
): NotificationData {
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
  info: (message: ReactNode, options: ToastOptions = {}) =>
    upsert(build(message, undefined, options.duration ?? TOAST_DURATION.info, options)),
  success: (message: ReactNode, options: ToastOptions = {}) =>
    upsert(build(message, 'teal', options.duration ?? TOAST_DURATION.success, options)),
  error: (message: ReactNode, options: ToastOptions = {}) =>
    upsert(build(message, 'red', options.duration ?? TOAST_DURATION.error, options)),
  loading: (message: ReactNode, options: Omit<ToastOptions, 'duration'> = {}) =>
    upsert(build(message, undefined, false, options)),
  dismiss: (id: string) => notifications.hide(id),
  /**
   * Hides every error toast. Called when the user moves to another page: an error is about the
   * page it came from, and one left behind reads as a failure of the new page.
   */
  dismissErrors: () => {
    const { notifications: visible, queue } = notificationsStore.getState();
    for (const shown of [...visible, ...queue]) {
      if (shown.color === 'red' && shown.id) notifications.hide(shown.id);
    }
  },
};
