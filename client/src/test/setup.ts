/**
 * Run before every client test file (vitest's setupFiles), also when a worker shares modules
 * between files: each jsdom file gets the layout stand-ins Mantine needs, and after each test what
 * it drew, its toasts and its stubbed globals are taken away so the next test (or file) starts clean.
 */
import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';

// jsdom lacks the layout APIs Mantine calls; these stand-ins report a wide screen that never resizes,
// with its fonts already loaded.
function installDomStandIns(): void {
  if (typeof window === 'undefined' || typeof window.ResizeObserver === 'function') return;
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView = () => {};
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

installDomStandIns();

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});
