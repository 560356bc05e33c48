/**
 * PGlite is one process's database: a second process opening the same directory corrupts it. A lock
 * file holding the owner's pid refuses the second opener, and is taken over when its owner is dead.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'stockledger.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${path.resolve(dir)} is open in another process (pid ${owner}). ` +
            'Stop that process first, or use PostgreSQL (DATABASE_URL) to share one database between processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${path.resolve(dir)}`);
}
