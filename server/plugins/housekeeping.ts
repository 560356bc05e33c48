/**
 * Clears what only grows: expired session tokens (and sessions left with none), sign-ins abandoned
 * between their steps, and rate-limit
 * windows that have closed. Every process may run it; the deletes are idempotent.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneRateLimits } from '../auth/rate-limit.ts';
import { pruneExpiredTokens } from '../auth/session-store.ts';
import { pruneAttempts } from '../auth/sign-in-attempts.ts';

const EVERY_MS = 60 * 60 * 1000;

async function housekeepingPlugin(app: FastifyInstance): Promise<void> {
  const sweep = async () => {
    try {
      const now = new Date();
      await pruneExpiredTokens(app.db, now);
      await pruneAttempts(app.db, now);
      // Twice the longest window in use (sign-in's, or an hour for invitations) leaves every open window alone.
      const longestWindowMs = Math.max(app.config.loginRateWindowSeconds, 3600) * 1000;
      await pruneRateLimits(app.db, new Date(now.getTime() - 2 * longestWindowMs));
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed; will try again');
    }
  };
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    setTimeout(() => void sweep(), 10_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(housekeepingPlugin, { name: 'housekeeping', dependencies: ['db'] });
