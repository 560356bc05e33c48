/**
 * Compiles the server (server/, ledger/, projections/, contract/, migrations/) into one ES module,
 * dist-server/main.js, which `npm start`, the browser tests and the benchmark run. Node then loads
 * plain JavaScript: no TypeScript loader sits in the server's memory or on its start. Packages
 * stay in node_modules (imported, not bundled).
 *
 * `node scripts/build-server.mjs` builds; `--if-stale` builds only when dist-server is missing or
 * one of the files it was built from (listed in dist-server/meta.json) changed since.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist-server');
const outFile = path.join(outDir, 'main.js');
const metaFile = path.join(outDir, 'meta.json');

/** True when the last build is missing, or older than any of its inputs, this script or the lock file. */
function isStale() {
  if (!existsSync(outFile) || !existsSync(metaFile)) return true;
  const builtAt = statSync(outFile).mtimeMs;
  let inputs;
  try {
    inputs = Object.keys(JSON.parse(readFileSync(metaFile, 'utf8')).inputs);
  } catch {
    return true;
  }
  const sources = [...inputs, 'scripts/build-server.mjs', 'package-lock.json'];
  return sources.some((file) => {
    const full = path.join(root, file);
    return !existsSync(full) || statSync(full).mtimeMs > builtAt;
  });
}

export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: outFile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  // A module that finds files beside itself (import.meta: a worker thread's script, say) would look
  // in dist-server/ once bundled: refuse it here rather than fail at run time.
  const located = Object.keys(result.metafile.inputs).filter(
    (file) => file !== 'server/main.ts' && !file.startsWith('node_modules/') && readFileSync(path.join(root, file), 'utf8').includes('import.meta'),
  );
  if (located.length > 0)
    throw new Error(`These modules use import.meta and would look for files in dist-server/: ${located.join(', ')}. Build them as entry points of their own.`);
  // Each file lands whole (written aside, then renamed), so a server starting while another
  // process builds never loads half a file; the bundle goes last, as it dates the build.
  mkdirSync(outDir, { recursive: true });
  const files = [...result.outputFiles.map((file) => [file.path, file.contents]), [metaFile, JSON.stringify({ inputs: result.metafile.inputs })]];
  files.sort(([a], [b]) => Number(a === outFile) - Number(b === outFile));
  for (const [file, contents] of files) {
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, contents);
    renameSync(aside, file);
  }
}

if (!process.argv.includes('--if-stale') || isStale()) {
  await buildServer();
  if (!process.argv.includes('--quiet')) console.log(`Built the server into ${path.relative(root, outFile)}`);
}
