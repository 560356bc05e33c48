/**
 * Ledger operations: `migrate`, `rebuild [projection]`, `verify`, `audit`. Reads DATABASE_URL /
 * DATA_DIR like the server. `verify` exits 1 when a hash chain or the global seal is broken or a
 * read table differs from its replay; `audit` checks a bundle offline and opens no database.
 */
import { loadConfig } from './config.ts';
import { openRuntime, type Runtime } from './runtime.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { findProjector, projectors } from '../projections/registry.ts';
import { rebuildProjections } from '../projections/rebuild.ts';
import { verifyLedger } from '../projections/verify.ts';
import { runAudit } from './ledger-audit/audit-command.ts';
import { verifySealForCli } from './ledger-audit/verify-seal-cli.ts';

const USAGE = `Usage: npm run ledger -- <command>
  migrate               apply pending migrations
  rebuild [projection]  rebuild one projection (or all) from the events, swapping it in atomically
  verify                check every hash chain, the global seal and its checkpoints, and diff every projection against its replay
  audit <bundle> [--checkpoint <file>]
                        check an auditor's bundle offline (no database); --checkpoint: one saved item of /api/ledger/checkpoints
Projections: ${projectors.map((p) => p.name).join(', ')}`;

const MAX_DIFFERENCES_SHOWN = 20;

async function verify(runtime: Runtime): Promise<number> {
  let failed = false;
  // The hash chains are walked while the projections are replayed, in one snapshot.
  const { chains, projections: reports } = await verifyLedger(runtime.store, projectors, runtime.database.url);
  console.log(`hash chains: ${chains.events} events in ${chains.streams} streams`);
  for (const p of chains.problems) {
    failed = true;
    console.log(`  BROKEN stream ${p.streamId} at version ${p.streamVersion} (position ${p.globalPosition}): ${p.problem}`);
  }
  for (const report of reports) {
    const status = report.differences.length === 0 ? 'identical' : `${report.differences.length} rows differ`;
    console.log(`projection ${report.projection}: ${report.rows} rows, replayed from ${report.events} events: ${status}`);
    for (const d of report.differences.slice(0, MAX_DIFFERENCES_SHOWN)) {
      failed = true;
      console.log(`  ${d.table} ${d.key}\n    expected ${JSON.stringify(d.expected)}\n    actual   ${JSON.stringify(d.actual)}`);
    }
    if (report.differences.length > MAX_DIFFERENCES_SHOWN) console.log(`  … and ${report.differences.length - MAX_DIFFERENCES_SHOWN} more`);
    failed ||= report.differences.length > 0;
  }
  failed = (await verifySealForCli(runtime)) || failed;
  console.log(failed ? 'verify: FAILED' : 'verify: OK');
  return failed ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, argument] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'audit') return runAudit(argv.slice(1));
  const config = loadConfig();
  const runtime = await openRuntime({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false, poolSize: 4 });
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(runtime.database.db);
        console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
        return 0;
      }
      case 'rebuild': {
        await migrateToLatest(runtime.database.db);
        const chosen = argument ? [findProjector(argument)] : projectors;
        const result = await rebuildProjections(runtime.store, chosen, { databaseUrl: runtime.database.url });
        const rate = result.seconds > 0 ? Math.round(result.events / result.seconds) : result.events;
        console.log(`rebuilt ${result.projections.join(', ')}: ${result.events} events in ${result.seconds.toFixed(2)} s (${rate} events/s)`);
        return 0;
      }
      case 'verify':
        await migrateToLatest(runtime.database.db);
        return await verify(runtime);
      default:
        console.error(`Unknown command: ${command}\n${USAGE}`);
        return 2;
    }
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
