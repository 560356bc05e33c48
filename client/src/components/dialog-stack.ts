/**
 * The open dialogs, in the order they opened. Escape closes only the top one (a dialog opened
 * from another, like Add Users over Manage Project): every dialog listens for Escape on the
 * window, so without this one key press closed them all.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';

let open: readonly string[] = [];
const listeners = new Set<() => void>();

function change(next: readonly string[]) {
  open = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens `id` on top of the others; returns the function that closes it. */
export function pushDialog(id: string): () => void {
  change([...open.filter((other) => other !== id), id]);
  return () => change(open.filter((other) => other !== id));
}

export const topDialog = (): string | undefined => open[open.length - 1];

/** Whether this dialog, while opened, is the one on top. */
export function useIsTopDialog(opened: boolean): boolean {
  const id = useId();
  useEffect(() => (opened ? pushDialog(id) : undefined), [opened, id]);
  return useSyncExternalStore(subscribe, () => topDialog() === id);
}
