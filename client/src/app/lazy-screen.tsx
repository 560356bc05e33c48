/**
 * Screens load when first opened, so the sign-in page carries none of them (nor their libraries).
 * A screen is asked for by its module and export name; while it loads, a loader holds its place.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';

// biome-ignore lint/suspicious/noExplicitAny: the constraint React.lazy itself puts on a component's props
type AnyComponent = ComponentType<any>;

export function lazyScreen<M extends Record<K, AnyComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
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
