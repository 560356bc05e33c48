/** WORKERS on the embedded database is refused at start, naming what to set. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('WORKERS without PostgreSQL', () => {
  it('refuses to start more than one process on the embedded database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', WORKERS: '2', DATA_DIR: 'memory://', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('WORKERS=2 needs DATABASE_URL: the embedded database (PGlite) belongs to one process.');
  });
});
