/**
 * The embedded database on a full disk does not fail cleanly: a write that cannot be stored leaves
 * the request waiting. So before the disk is full, with `MIN_FREE_DISK_MB` still free under
 * `DATA_DIR`, changes are refused with 507 and a message that says why, nothing is started that could
 * be half-written, and everything keeps reading. Signing in, refreshing and signing out stay open:
 * their small writes fit in the space kept free. PostgreSQL guards its own disk.
 */
import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SAFE_METHODS } from './security.ts';

export const DISK_FULL_MESSAGE = 'The database disk is almost full, so changes are paused. Reading still works; ask an administrator to free some space.';

const SESSION_ROUTES = new Set(['/api/login', '/api/auth/refresh', '/api/logout']);
const CHECK_EVERY_MS = 1000;

/** Free bytes on the file system that holds `dir`. */
export type FreeSpace = (dir: string) => Promise<number>;

const freeSpaceOf: FreeSpace = async (dir) => {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
};

async function diskGuardPlugin(app: FastifyInstance, options: { freeSpace?: FreeSpace }): Promise<void> {
  const dir = app.config.dataDir;
  if (app.databaseEngine !== 'pglite' || dir === 'memory://' || app.config.minFreeDiskMb === 0) return;
  const freeSpace = options.freeSpace ?? freeSpaceOf;
  const minimum = app.config.minFreeDiskMb * 1024 * 1024;
  let checkedAt = 0;
  let full = false;

  const diskFull = async () => {
    if (Date.now() - checkedAt >= CHECK_EVERY_MS) {
      checkedAt = Date.now();
      full = (await freeSpace(dir).catch(() => Number.POSITIVE_INFINITY)) < minimum;
    }
    return full;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || SESSION_ROUTES.has(request.url.split('?')[0]!)) return;
    if (!(await diskFull())) return;
    request.log.error({ dir, minFreeDiskMb: app.config.minFreeDiskMb }, 'database disk almost full: change refused');
    return reply.code(507).send({ error: 'DISK_FULL', message: DISK_FULL_MESSAGE });
  });
}

export default fp(diskGuardPlugin, { name: 'disk-guard', dependencies: ['db'] });
