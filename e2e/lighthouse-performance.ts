/**
 * `npm run lighthouse:performance`: Lighthouse 12.2.3's performance category, mobile profile (a
 * mid-range phone on slow 4G, simulated), in Debian's Chromium, against the built client served by
 * the compiled server on the demo site: the sign-in page, and signed in, the dashboard and the
 * label database. Each page is measured three times and judged by its median run (Lighthouse's own
 * advice: one run varies). Prints each page beside the targets (TARGET) and fails when a page falls
 * below its floor (FLOOR): the figures reached so far, less a margin for run-to-run spread, so a
 * change that makes a page slower is caught while the targets are not all met yet. Builds nothing:
 * run `npm run build` first.
 *
 *   --runs N      runs per page (default 3)
 *   --pages P,Q   only these pages (default /login,/dashboard,/labels)
 *   --json F      also write the figures to F
 *   --save DIR    keep every run's full Lighthouse report (JSON) in DIR, to see where the time goes
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type * as LH from 'lighthouse/types/lh.js';
import { CHROMIUM_FLAGS } from './helpers/browser.ts';
import { startServer } from './helpers/server.ts';

/** Where each page must get to: a mid-range phone on slow 4G opens it in under three seconds. */
export const TARGET = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1, signInScriptKb: 150 };

/**
 * What CI holds each page to: measured at 82–94 (/login; 138 KB of JavaScript as Chromium fetches
 * it), 55–64 (/dashboard) and 50–57 (/labels) on a quiet 2-core machine, less what a busy host takes
 * off the same build (up to 16 points in one CI run). Raise them as the pages get faster; the
 * targets above are the end. The sign-in page's JavaScript is held to the target itself.
 */
export const FLOOR: Record<string, { score: number; scriptKb?: number }> = {
  '/login': { score: 72, scriptKb: TARGET.signInScriptKb },
  '/dashboard': { score: 40 },
  '/labels': { score: 40 },
};

const root = path.resolve(import.meta.dirname, '..');
/** A demo user who is in every project (project admin), so the dashboard and labels have content. */
const DEMO_USER = { email: 'ada.admin@demo.stockledger.local', password: 'demo-ada-2026' };
const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/labels', signedIn: true },
];

interface PageFigures {
  path: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
}

function figuresOf(pagePath: string, lhr: LH.Result): PageFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    path: pagePath,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKb: scriptBytes / 1024,
  };
}

function median(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Where a page misses the targets (reported) … */
function missedTargets(page: PageFigures): string[] {
  const missed: string[] = [];
  if (page.score < TARGET.score) missed.push(`score < ${TARGET.score}`);
  if (page.lcpMs > TARGET.lcpMs) missed.push(`LCP > ${TARGET.lcpMs} ms`);
  if (page.tbtMs > TARGET.tbtMs) missed.push(`TBT > ${TARGET.tbtMs} ms`);
  if (page.cls > TARGET.cls) missed.push(`CLS > ${TARGET.cls}`);
  if (page.path === '/login' && page.scriptKb > TARGET.signInScriptKb) missed.push(`JavaScript > ${TARGET.signInScriptKb} KB`);
  return missed;
}

/** … and where it falls below its floor (a failure). */
function belowFloor(page: PageFigures): string[] {
  const floor = FLOOR[page.path];
  if (!floor) return [];
  const failures: string[] = [];
  if (page.score < floor.score) failures.push(`score ${page.score} < floor ${floor.score}`);
  if (floor.scriptKb !== undefined && page.scriptKb > floor.scriptKb) failures.push(`JavaScript ${page.scriptKb.toFixed(0)} KB > floor ${floor.scriptKb} KB`);
  return failures;
}

/** The demo site, seeded by its own script into a fresh embedded database. */
function seedDemo(dataDir: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/demo/seed-demo.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'e2e-admin-password' },
    stdio: 'ignore',
  });
}

async function sessionCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length === 0) throw new Error('demo sign-in set no cookie');
  return cookies.join('; ');
}

/**
 * Lighthouse's own failures to record a run (NO_NAVSTART, NO_FCP, a lost trace …) say nothing about
 * the page; such a run is measured again, up to ATTEMPTS times, and only then fails the step.
 */
const ATTEMPTS = 3;

/**
 * Lighthouse warns that a run's CPU was slower than it expects at a benchmark index of 1000 or less
 * (core/gather/driver/environment.js); this 2-core machine scores 1,600–2,500 when quiet.
 */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

/** One run in a fresh browser: nothing cached, as on a phone's first visit. */
async function measure(url: string, cookie: string | undefined): Promise<LH.Result> {
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      });
      if (result && !result.lhr.runtimeError) {
        // Lighthouse's own test of the host: at or below its slow-host mark the phone it simulates is
        // slower than the profile's, because something else had the processor; measured again.
        const slowHost = result.lhr.environment.benchmarkIndex <= SLOW_HOST_BENCHMARK_INDEX;
        if (!slowHost || attempt === ATTEMPTS) return result.lhr;
        lastError = `host too busy to simulate the phone (benchmark index ${Math.round(result.lhr.environment.benchmarkIndex)})`;
        console.error(`${url}: ${lastError}, attempt ${attempt} of ${ATTEMPTS}`);
        continue;
      }
      lastError = result?.lhr.runtimeError ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` : 'Lighthouse gave no result';
    } catch (error) {
      // Lighthouse throws its own errors (with a code) when the protocol or the trace fails.
      if (!(error instanceof Error && 'code' in error)) throw error;
      lastError = `${String(error.code)}: ${error.message}`;
    } finally {
      chrome.kill();
    }
    console.error(`${url}: run not recorded (${lastError}), attempt ${attempt} of ${ATTEMPTS}`);
  }
  throw new Error(`${url}: ${lastError}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, pages: { type: 'string' }, json: { type: 'string' }, save: { type: 'string' } },
  });
  const runs = Math.max(1, Number(values.runs));
  const chosen = values.pages?.split(',');
  const pages = chosen ? PAGES.filter((p) => chosen.includes(p.path)) : PAGES;
  if (!existsSync(path.join(root, 'client', 'dist', 'index.html'))) {
    console.error('client/dist is empty: run `npm run build` first');
    return 2;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stockledger-lighthouse-'));
  const signedIn = pages.some((p) => p.signedIn);
  if (signedIn) seedDemo(dataDir);
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const cookie = signedIn ? await sessionCookie(server.url) : '';
    const results: PageFigures[] = [];
    for (const page of pages) {
      const pageRuns: PageFigures[] = [];
      for (let i = 0; i < runs; i += 1) {
        const lhr = await measure(`${server.url}${page.path}`, page.signedIn ? cookie : undefined);
        pageRuns.push(figuresOf(page.path, lhr));
        if (values.save) {
          mkdirSync(values.save, { recursive: true });
          writeFileSync(path.join(values.save, `${page.path.slice(1) || 'root'}-${i + 1}.json`), JSON.stringify(lhr));
        }
      }
      results.push(median(pageRuns));
    }
    console.log('Lighthouse mobile performance (median of %d runs per page)', runs);
    console.log('page         score   FCP ms   LCP ms   TBT ms    CLS   JS KB (as fetched)');
    let failed = 0;
    for (const page of results) {
      const failures = belowFloor(page);
      const missed = missedTargets(page);
      failed += failures.length > 0 ? 1 : 0;
      const verdict = failures.length ? `   FAIL: ${failures.join('; ')}` : missed.length ? `   short of target: ${missed.join(', ')}` : '   meets target';
      console.log(
        `${page.path.padEnd(12)} ${String(page.score).padStart(5)} ${page.fcpMs.toFixed(0).padStart(8)} ${page.lcpMs.toFixed(0).padStart(8)} ${page.tbtMs.toFixed(0).padStart(8)} ${page.cls.toFixed(3).padStart(6)} ${page.scriptKb.toFixed(0).padStart(7)}${verdict}`,
      );
    }
    console.log(
      `target: score ≥ ${TARGET.score}, LCP ≤ ${TARGET.lcpMs} ms, TBT ≤ ${TARGET.tbtMs} ms, CLS ≤ ${TARGET.cls}; sign-in page JavaScript ≤ ${TARGET.signInScriptKb} KB`,
    );
    if (values.json) mkdirSync(path.dirname(values.json), { recursive: true });
    if (values.json) writeFileSync(values.json, `${JSON.stringify({ target: TARGET, floor: FLOOR, pages: results }, null, 2)}\n`);
    return failed === 0 ? 0 : 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
