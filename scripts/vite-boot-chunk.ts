/**
 * Puts every module the page needs before it can draw (all that the main entry imports statically)
 * in one chunk, and the signed-in frame's in another. Left to itself the bundler cuts that set into some thirty small files, wherever a
 * lazily loaded screen shares a module with it, and a phone on a slow link pays a round trip for
 * each. What screens load later still splits as before.
 *
 * A component library's index imports every component it has; the walk does not follow it there,
 * but only to the components the importing module names, so the boot chunk holds what is used.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type PluginContext = Rolldown.PluginContext;

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

/**
 * For a library index: each exported name's own file, or for a name it re-exports from another
 * package (Mantine's RemoveScroll is react-remove-scroll's), that package's module as resolved.
 */
function exportFiles(index: string, resolvedImports: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const [specifier, names] of namedImports(index)) {
    const file = specifier.startsWith('.')
      ? path.resolve(path.dirname(index), specifier)
      : resolvedImports.find((id) => id.replaceAll('\\', '/').includes(`/node_modules/${specifier}/`));
    if (!file) continue;
    for (const name of names) files.set(name, file);
  }
  return files;
}

/** Every module `start` imports statically, following library indexes only to the names used. */
function staticGraph(context: PluginContext, start: string): Set<string> {
  const graph = new Set<string>();
  const indexes = new Map<string, Map<string, string>>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (graph.has(id)) continue;
    graph.add(id);
    const info = context.getModuleInfo(id);
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
      if (!indexes.has(next)) indexes.set(next, exportFiles(next, context.getModuleInfo(next)?.importedIds ?? []));
      const files = indexes.get(next)!;
      const library = next.match(/@mantine[\\/][a-z]+/)![0].replace('\\', '/');
      for (const name of named?.get(library) ?? []) {
        const file = files.get(name);
        if (file) queue.push(file);
      }
    }
  }
  return graph;
}

function moduleEndingWith(context: PluginContext, file: string, entry: boolean): string {
  const id = [...context.getModuleIds()].find((m) => m.endsWith(file) && (!entry || context.getModuleInfo(m)?.isEntry));
  if (!id) throw new Error(`chunk groups: no ${entry ? 'entry' : 'module'} ${file}`);
  return id;
}

/**
 * `boot`: the page's entry and all it imports statically (less the entry's own modules, which stay
 * in the entry chunk: the boot chunk is shared with the camera check page, which must not run the
 * app's start-up). `frame`: the signed-in frame (`frameFile`) and all it imports that boot has not,
 * less what the other entries (`otherEntries`) and the modules a signed-out page loads (`signedOut`:
 * the toast host every page loads, the pages open to everyone) import, so those pages never load the
 * frame. Without
 * the frame group the bundler cuts the frame into some thirty files, each a round trip on a slow link.
 * `landing`: the screen a sign-in opens (`landingFile`, the dashboard) and all it imports that the
 * two before and the signed-out pages have not, for the same reason: some forty files otherwise.
 */
export function chunkGroups(entryFile: string, frameFile: string, landingFile: string, otherEntries: readonly string[], signedOut: readonly string[]) {
  const boot = new Set<string>();
  const entries = new Set<string>();
  const frame = new Set<string>();
  const landing = new Set<string>();
  const plugin: Plugin = {
    name: 'stockledger:chunk-groups',
    apply: 'build',
    buildEnd() {
      const entry = moduleEndingWith(this, entryFile, true);
      boot.clear();
      for (const id of staticGraph(this, entry)) boot.add(id);
      entries.clear();
      entries.add(entry);
      for (const id of this.getModuleInfo(entry)?.importedIds ?? []) entries.add(id);
      const elsewhere = new Set([
        ...otherEntries.flatMap((file) => [...staticGraph(this, moduleEndingWith(this, file, true))]),
        ...signedOut.flatMap((file) => [...staticGraph(this, moduleEndingWith(this, file, false))]),
      ]);
      frame.clear();
      for (const id of staticGraph(this, moduleEndingWith(this, frameFile, false))) if (!boot.has(id) && !elsewhere.has(id)) frame.add(id);
      landing.clear();
      for (const id of staticGraph(this, moduleEndingWith(this, landingFile, false))) {
        if (!boot.has(id) && !frame.has(id) && !elsewhere.has(id)) landing.add(id);
      }
    },
  };
  return {
    plugin,
    boot: (id: string) => boot.has(id) && !entries.has(id),
    frame: (id: string) => frame.has(id),
    landing: (id: string) => landing.has(id),
  };
}
