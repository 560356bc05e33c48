/**
 * Code that loads when first used: a screen, a dialog, a library-heavy widget. React.lazy takes a
 * module's default export; this takes a named one, so modules keep their names.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Center, Loader, Overlay } from '@mantine/core';

// biome-ignore lint/suspicious/noExplicitAny: the constraint React.lazy itself puts on a component's props
type AnyComponent = ComponentType<any>;

export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
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
