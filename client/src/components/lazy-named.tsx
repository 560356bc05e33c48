/**
 * Code that loads when first used: a screen, a dialog, a library-heavy widget. React.lazy takes a
 * module's default export; this takes a named one, so modules keep their names.
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Center, Loader, Overlay } from '@mantine/core';

// biome-ignore lint/suspicious/noExplicitAny: the constraint React.lazy itself puts on a component's props
type AnyComponent = ComponentType<any>;

/**
 * `preload()` starts fetching the code before the component is rendered (the module loader keeps
 * the one download), so a screen's code can travel beside the requests it waits on, not after them.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    {
      preload: () => {
        load().catch(() => undefined);
      },
    },
  );
}

/**
 * Fetches these components' code once the caller is up: the first paint does not wait for them, and
 * they still open after the signal is gone (field actions work offline).
 */
export function usePreloaded(components: ReadonlyArray<{ preload: () => void }>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; the list is a module constant
  useEffect(() => {
    for (const component of components) component.preload();
  }, []);
}

/** The preload of a component made by lazyNamed, if it is one. */
export function preloadOf(component: unknown): (() => void) | undefined {
  const preload = (component as { preload?: unknown } | null)?.preload;
  return typeof preload === 'function' ? (preload as () => void) : undefined;
}

/** Holds a dialog's place while its code loads: a dimmed page with a loader, where the dialog will open. */
export function DialogSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Overlay fixed backgroundOpacity={0.35} zIndex={200}>
          <Center h="100%" aria-busy="true" aria-label="Loading">
            <Loader />
          </Center>
        </Overlay>
      }
    >
      {children}
    </Suspense>
  );
}

/** Holds the place of a screen still loading: inside the signed-in frame, only its content area waits. */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih="50dvh" aria-busy="true">
          <Loader />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
