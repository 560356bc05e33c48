/**
 * The durability step for a full disk under an embedded DATA_DIR: a small tmpfs that the load fills
 * until the server pauses changes. Every answer is a 2xx or the 507 that says why (no hang, no 500),
 * reads keep working, every acknowledged receive is in the ledger exactly once, and `ledger verify`
 * is green afterwards. Needs root (to mount the tmpfs); says so and skips otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../ledger/database.ts';
import { startServer } from '../e2e/helpers/server.ts';
import { createProject, ledgerVerify, signIn } from './server-load.ts';

type Record = (check: string, ok: boolean, detail: string) => void;

const MIN_FREE_MB = 64;

function usedMb(dir: string): number {
  const line = execFileSync('df', ['--block-size=1M', '--output=used', dir]).toString().trim().split('\n').pop()!;
  return Number(line.trim());
}

export async function diskFull(record: Record, quick: boolean): Promise<void> {
  const mountPoint = mkdtempSync(path.join(tmpdir(), 'stockledger-diskfull-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  } catch {
    console.log('(skipped the full-disk check: mounting a small tmpfs needs root)');
    rmSync(mountPoint, { recursive: true, force: true });
    return;
  }
  const dataDir = path.join(mountPoint, 'data');
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, MIN_FREE_DISK_MB: String(MIN_FREE_MB) };
  try {
    let server = await startServer(env);
    const cookie = await signIn(server);
    const projectId = await createProject(server, cookie);
    // Shrink the disk to what the database uses, the space kept free, and a little room to fill.
    execFileSync('mount', ['-o', `remount,size=${usedMb(mountPoint) + MIN_FREE_MB + (quick ? 2 : 6)}m`, mountPoint]);
    const statuses = new Map<number | string, number>();
    const acknowledged: string[] = [];
    let refusal = '';
    for (let i = 0; i < 50_000 && !statuses.has(507); i += 1) {
      const key = `disk-${i}`;
      try {
        const response = await fetch(`${server.url}/api/materials/receive`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
          body: JSON.stringify({
            project_id: projectId,
            part_number: `DF-${i}`,
            quantity: 1,
            part_name: `${'Filler part '.repeat(15)}${i}`,
            standard_name: 'Filler',
          }),
          signal: AbortSignal.timeout(10_000),
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200) acknowledged.push(key);
        if (response.status === 507) refusal = ((await response.json()) as { message: string }).message;
        else await response.arrayBuffer();
      } catch {
        statuses.set('no answer', (statuses.get('no answer') ?? 0) + 1);
        break;
      }
    }
    const summary = [...statuses].map(([s, n]) => `${s}×${n}`).join(', ');
    record(
      'PGlite disk full: changes pause with a clear 507, no hang and no 500',
      statuses.has(507) && [...statuses.keys()].every((s) => s === 200 || s === 507),
      `${summary}; "${refusal}"`,
    );
    const read = await fetch(`${server.url}/api/inventory/materials?project_id=${projectId}&limit=5`, { headers: { cookie } });
    record('PGlite disk full: reads keep working', read.status === 200, `inventory answered ${read.status}`);
    await server.stop();
    // Room again (as an administrator would make it), then the books must be whole.
    execFileSync('mount', ['-o', 'remount,size=512m', mountPoint]);
    const verify = await ledgerVerify(env);
    record('PGlite disk full: ledger verify afterwards', verify.code === 0, verify.output.trim().split('\n').pop() ?? '');
    const handle = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where idempotency_key like ${'%disk-%'}`.execute(handle.db);
      const stored = Number(rows[0]?.n ?? 0);
      record(
        'PGlite disk full: every acknowledged receive is in the ledger exactly once',
        stored === acknowledged.length,
        `${acknowledged.length} acknowledged, ${stored} stored`,
      );
    } finally {
      await handle.close();
    }
    server = await startServer(env);
    await server.stop();
  } finally {
    try {
      execFileSync('umount', [mountPoint]);
    } catch {
      // Already unmounted, or a process still holds it: the directory is removed either way below.
    }
    rmSync(mountPoint, { recursive: true, force: true });
  }
}
