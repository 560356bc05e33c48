/**
 * Puts every module the page needs before it can draw (all that the main entry imports statically)
 * in one chunk. Left to itself the bundler cuts that set into some thirty small files, wherever a
 * lazily loaded screen shares a module with it, and a phone on a slow link pays a round trip for
 * each. What screens load later still splits as before.
 *
 * A component library's index imports every component it has; the walk does not follow it there,
 * but only to the components the importing module names, so the boot chunk holds what is used.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Package indexes that re-export a whole library, one file per export. */
const LIBRARY_INDEX = /[\\/]node_modules[\\/]@mantine[\\/][a-z]+[\\/]esm[\\/]index\.mjs$/;
const NAMED_IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/** The names a module imports from each specifier (type-only imports left out). */
function namedImports(file: string): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return byModule;
  }
  for (const [, typeOnly, list, specifier] of source.matchAll(NAMED_IMPORT)) {
    if (typeOnly || !list || !specifier) continue;
    const names = list
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!.trim());
    byModule.set(specifier, [...(byModule.get(specifier) ?? []), ...names]);
  }
  return byModule;
}

/** For a library index: each exported name's own file. */
function exportFiles(index: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [specifier, names] of namedImports(index)) {
    if (!specifier.startsWith('.')) continue;
    for (const name of names) files.set(name, path.resolve(path.dirname(index), specifier));
  }
  return files;
}

export function bootChunk(entryFile: string): { plugin: Plugin; test: (id: string) => boolean; modules: ReadonlySet<string> } {
  const boot = new Set<string>();
  const entries = new Set<string>();
  const plugin: Plugin = {
    name: 'stockledger:boot-chunk',
    apply: 'build',
    buildEnd() {
      boot.clear();
      const entry = [...this.getModuleIds()].find((id) => this.getModuleInfo(id)?.isEntry && id.endsWith(entryFile));
      if (!entry) throw new Error(`boot chunk: no entry ${entryFile}`);
      entries.clear();
      entries.add(entry);
      for (const id of this.getModuleInfo(entry)?.importedIds ?? []) entries.add(id);
      const indexes = new Map<string, Map<string, string>>();
      const queue = [entry];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (boot.has(id)) continue;
        boot.add(id);
        const info = this.getModuleInfo(id);
        if (!info) continue;
        // Only static imports: what a screen loads on demand stays out.
        const lazy = new Set(info.dynamicallyImportedIds);
        const imports = info.importedIds.filter((next) => !lazy.has(next));
        const named = imports.some((next) => LIBRARY_INDEX.test(next)) ? namedImports(id) : null;
        for (const next of imports) {
          if (!LIBRARY_INDEX.test(next)) {
            queue.push(next);
            continue;
          }
          if (!indexes.has(next)) indexes.set(next, exportFiles(next));
          const files = indexes.get(next)!;
          const library = next.match(/@mantine[\\/][a-z]+/)![0].replace('\\', '/');
          for (const name of named?.get(library) ?? []) {
            const file = files.get(name);
            if (file) queue.push(file);
          }
        }
      }
    },
  };
  // The entry's own modules stay in the entry chunk: the boot chunk is shared with the camera check
  // page, which must not run the app's start-up.
  return { plugin, test: (id) => boot.has(id) && !entries.has(id), modules: boot };
}
