/**
 * `npm run lighthouse:pwa`: Lighthouse 12.2.3 with the installability checks of
 * e2e/lighthouse/installability.ts, against the built client served by the compiled server on a
 * fresh embedded database (as the browser tests start it), in Debian's Chromium. Prints each
 * audit's verdict and exits non-zero when any fails. Builds nothing: run `npm run build` first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './helpers/browser.ts';
import { startServer } from './helpers/server.ts';
import { installabilityConfig } from './lighthouse/installability.ts';

const AUDITS = ['installable-manifest', 'service-worker', 'manifest-icons'];

async function main(): Promise<number> {
  if (!existsSync(path.resolve(import.meta.dirname, '..', 'client', 'dist', 'sw.js'))) {
    console.error('client/dist has no service worker: run `npm run build` first');
    return 2;
  }
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The browser tests' flags; Lighthouse drives the headless browser through the debugging port.
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
  });
  try {
    const result = await lighthouse(`${server.url}/`, { port: chrome.port, output: 'json', logLevel: 'error' }, installabilityConfig);
    if (!result) throw new Error('Lighthouse gave no result');
    const { audits } = result.lhr;
    let failures = 0;
    for (const id of AUDITS) {
      const audit = audits[id];
      const passed = audit?.score === 1;
      if (!passed) failures += 1;
      const detail = audit?.explanation ?? audit?.displayValue ?? audit?.errorMessage ?? '';
      console.log(`${passed ? 'PASS' : 'FAIL'}  ${id}: ${passed ? audit?.title : (audit?.title ?? 'not run')}${detail ? ` — ${detail}` : ''}`);
    }
    for (const warning of result.lhr.runWarnings) console.log(`warning: ${warning}`);
    console.log(failures === 0 ? 'Installable: all checks pass' : `${failures} installability check(s) failed`);
    return failures === 0 ? 0 : 1;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
