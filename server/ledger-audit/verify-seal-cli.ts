/** The seal's part of `ledger verify`: prints what it checked and each problem; true when something is wrong. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { verifySeal } from '../../ledger/seal/verify-seal.ts';
import { KEY_FILE_NAME, loadSigningKey } from '../../ledger/seal/signing-key.ts';
import { loadConfig } from '../config.ts';
import type { Runtime } from '../runtime.ts';

const MAX_SHOWN = 20;

export async function verifySealForCli(runtime: Runtime): Promise<boolean> {
  const config = loadConfig();
  // Only a key that exists is read: verify never creates one.
  const hasKey = Boolean(config.ledgerSigningKey) || existsSync(join(config.dataDir, KEY_FILE_NAME));
  const key = hasKey ? loadSigningKey({ envKey: config.ledgerSigningKey ?? undefined, dataDir: config.dataDir }).publicKey : undefined;
  const report = await verifySeal(runtime.store.db, { publicKey: key });
  const signatures = key ? `signatures checked with key ${key.key_id}` : 'signatures not checked (no LEDGER_SIGNING_KEY or key file here)';
  console.log(`global seal: ${report.sealed} events sealed (${report.unsealed} not yet), ${report.checkpoints} checkpoints, ${signatures}`);
  for (const problem of report.problems.slice(0, MAX_SHOWN)) console.log(`  BROKEN ${problem}`);
  if (report.problems.length > MAX_SHOWN) console.log(`  … and ${report.problems.length - MAX_SHOWN} more`);
  return report.problems.length > 0;
}
