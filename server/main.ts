/**
 * Starts the server: migrate, make the first superadmin if the database is empty, listen, stop
 * cleanly. With WORKERS=n the first process does the first two once and then runs n server
 * processes on the port (server/cluster.ts).
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ledgerKeyLine } from './ledger-audit/ledger-seal.plugin.ts';
import { loadSigningKey } from '../ledger/seal/signing-key.ts';
import { loadConfig } from './config.ts';
import { openRuntime } from './runtime.ts';
import { bootstrapSuperadmin, signInBanner } from './users/bootstrap-admin.ts';
import { NEEDS_POSTGRES, superviseWorkers } from './cluster.ts';

// One level up from server/main.ts and from its build, dist-server/main.js: the repository.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'client', 'dist');

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && !config.databaseUrl) throw new Error(NEEDS_POSTGRES(config.workers));
  if (cluster.isPrimary && process.argv.includes('--build-if-missing') && !existsSync(path.join(clientDir, 'index.html'))) {
    console.log('Building the client (first start only)…');
    execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }
  if (config.workers > 1 && cluster.isPrimary) return startWorkers(config);
  await serve(config);
}

/** Migrates and makes the first superadmin once, then starts the server processes. */
async function startWorkers(config: ReturnType<typeof loadConfig>): Promise<void> {
  const runtime = await openRuntime({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  const created = await bootstrapSuperadmin(runtime.store, { email: config.adminEmail, password: config.adminPassword });
  await runtime.close();
  // Made here, before the workers start, so they all read the one key file.
  const key = loadSigningKey({ envKey: config.ledgerSigningKey ?? undefined, dataDir: config.dataDir });
  superviseWorkers(config.workers, (port) => {
    const url = `http://localhost:${port}`;
    if (created) console.log(`\n${signInBanner(created, url)}\n`);
    console.log(`StockLedger is running at ${url} (database: PostgreSQL; ${config.workers} server processes)`);
    console.log(ledgerKeyLine(key));
  });
}

async function serve(config: ReturnType<typeof loadConfig>): Promise<void> {
  const worker = cluster.isWorker;
  const runtime = await openRuntime({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    migrate: !worker,
    commandBatches: config.commandBatches,
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  const app = await buildApp({ config, store: runtime.store, engine: runtime.database.engine, clientDir });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await runtime.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // The first superadmin exists before the first request can arrive (a worker's primary made it).
  const created = worker ? null : await bootstrapSuperadmin(runtime.store, { email: config.adminEmail, password: config.adminPassword });
  const address = await app.listen({ port: config.port, host: config.host });
  if (worker) return;
  const url = `http://localhost:${new URL(address).port}`;
  if (created) console.log(`\n${signInBanner(created, url)}\n`);
  console.log(
    `StockLedger is running at ${url} (database: ${runtime.database.engine === 'pglite' ? `embedded, in ${path.resolve(config.dataDir)}` : 'PostgreSQL'})`,
  );
  console.log(ledgerKeyLine(app.ledgerSeal.key()));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
