import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { FRESH_ERROR_MS, toast } from './toast.ts';

const current = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue];
};

afterEach(() => notifications.clean());

describe('toast', () => {
  it('closes success after 2 s, error and plain after 4 s, and keeps loading open', () => {
    toast.success('Saved');
    toast.error('Failed');
    toast.info('Note');
    toast.loading('Working');
    expect(current().map((n) => [n.message, n.autoClose])).toEqual([
      ['Saved', 2000],
      ['Failed', 4000],
      ['Note', 4000],
      ['Working', false],
    ]);
  });

  it('accepts a longer duration for special notices', () => {
    toast.info('New request received', { duration: 7000 });
    expect(current()[0]?.autoClose).toBe(7000);
  });

  it('turns a loading toast into its outcome when given the same id', () => {
    const id = toast.loading('Receiving…');
    toast.success('Received', { id });
    const [only, ...rest] = current();
    expect(rest).toHaveLength(0);
    expect(only).toMatchObject({ id, message: 'Received', autoClose: 2000, loading: false });
  });

  it('dismisses errors left from the previous page and keeps the rest', () => {
    toast.error('Failed to update');
    toast.success('Signed in');
    toast.dismissStaleErrors(Date.now() + FRESH_ERROR_MS);
    expect(current().map((n) => n.message)).toEqual(['Signed in']);
  });

  it('keeps an error shown with the page change, which explains it', () => {
    toast.error('Invalid or expired link');
    toast.dismissStaleErrors();
    expect(current().map((n) => n.message)).toEqual(['Invalid or expired link']);
  });
});
