/**
 * `npm run ledger -- audit <bundle> [--checkpoint <file>]`: the offline audit, with no database and
 * no network. Prints each check that held; exits 1 at the first that does not, 2 on a usage error.
 */
import { readFileSync } from 'node:fs';
import type { Checkpoint } from '../../contract/ledger.ts';
import { AuditFailure, auditBundleData, parseBundle, parseSavedCheckpoint } from './offline-audit.ts';

export const AUDIT_USAGE = 'Usage: npm run ledger -- audit <bundle.json> [--checkpoint <checkpoint.json>]';

export function runAudit(args: string[], print: (line: string) => void = console.log): number {
  const at = args.indexOf('--checkpoint');
  const checkpointFile = at >= 0 ? args[at + 1] : undefined;
  const bundleFile = args.filter((_, i) => (i !== at && i !== at + 1) || at < 0)[0];
  if (!bundleFile || (at >= 0 && !checkpointFile)) {
    print(AUDIT_USAGE);
    return 2;
  }
  const started = performance.now();
  try {
    const bundle = parseBundle(readFileSync(bundleFile, 'utf8'));
    const saved: Checkpoint | null = checkpointFile ? parseSavedCheckpoint(readFileSync(checkpointFile, 'utf8')) : null;
    print(`audit: project ${bundle.project.number} (${bundle.project.name}), ${bundle.period.from} to ${bundle.period.to}, ${bundle.events.length} events`);
    auditBundleData(bundle, saved, print);
    print(`audit: OK in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return 0;
  } catch (error) {
    if (error instanceof AuditFailure) {
      print(`FAILED  ${error.message}`);
      print('audit: FAILED');
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    print(
      code === 'ENOENT'
        ? `FAILED  no such file: ${(error as NodeJS.ErrnoException).path}`
        : `FAILED  ${error instanceof Error ? error.message : String(error)}`,
    );
    print('audit: FAILED');
    return 1;
  }
}
