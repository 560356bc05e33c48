/** Debian's Chromium through playwright-core, with a fresh profile and no background networking. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface ProfileOptions {
  /** A profile directory to open (and keep on close), as a person's browser is reopened; fresh if absent. */
  profile?: string;
  /** Start with the network off (Playwright's offline mode). */
  offline?: boolean;
}

/** A profile directory for `openBrowser(…, { profile })`; the caller removes it. */
export function newProfileDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'stockledger-chromium-'));
}

/** `extraArgs`: more Chromium flags, such as a fake camera's (see fake-camera.ts). */
export async function openBrowser(viewport = { width: 1280, height: 800 }, extraArgs: string[] = [], options: ProfileOptions = {}): Promise<Browser> {
  const profile = options.profile ?? newProfileDir();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    viewport,
    offline: options.offline ?? false,
  });
  // Every browser test also proves the built client runs under the server's content security policy.
  const cspViolations: string[] = [];
  const watch = (watched: Page) =>
    watched.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  for (const open of context.pages()) watch(open);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    context,
    page,
    screenshot: async (name) => {
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    close: async () => {
      await context.close();
      if (!options.profile) rmSync(profile, { recursive: true, force: true });
      if (cspViolations.length > 0) throw new Error(`content security policy violated:\n${cspViolations.join('\n')}`);
    },
  };
}
