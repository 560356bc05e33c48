/** Starts the server: migrate, make the first superadmin if the database is empty, listen, stop cleanly. */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openRuntime } from './runtime.ts';
import { bootstrapSuperadmin, signInBanner } from './users/bootstrap-admin.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'client', 'dist');

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes('--build-if-missing') && !existsSync(path.join(clientDir, 'index.html'))) {
    console.log('Building the client (first start only)…');
    execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }
  const runtime = await openRuntime({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
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

  // The first superadmin exists before the first request can arrive.
  const created = await bootstrapSuperadmin(runtime.store, { email: config.adminEmail, password: config.adminPassword });
  const address = await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${new URL(address).port}`;
  if (created) console.log(`\n${signInBanner(created, url)}\n`);
  console.log(`StockLedger is running at ${url} (database: ${runtime.database.engine === 'pglite' ? `embedded, in ${path.resolve(config.dataDir)}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
