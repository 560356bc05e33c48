/**
 * Writes `index.signed-in.html` beside `index.html`: the same page, with a `<link rel="modulepreload">`
 * for the signed-in frame's chunk, the landing screen's, and every chunk they import that the page
 * does not load already. The server sends it to a visit that carries a session cookie
 * (server/plugins/client.ts), so those chunks load beside the boot chunk instead of after it has run
 * and asked for them: on a phone's slow link, the dashboard's title drew 0.5 s sooner (Lighthouse's
 * mobile LCP 3.9 s from 4.4). The sign-in page stays as it was, with nothing it does not need.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

export const SIGNED_IN_PAGE = 'index.signed-in.html';

type OutputChunk = Rolldown.OutputChunk;

/** `from` and every chunk it imports statically, by file name. */
function withImports(bundle: Rolldown.OutputBundle, from: readonly OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of from) visit(chunk.fileName);
  return files;
}

/** `groups`: the chunk groups to preload (vite-boot-chunk.ts names them), in the order they are needed. */
export function signedInPage(groups: readonly string[]): Plugin {
  return {
    name: 'stockledger:signed-in-page',
    apply: 'build',
    async writeBundle(options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || !options.dir) return;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(`${path.sep}index.html`));
      const wanted = groups.map((name) => chunks.find((chunk) => chunk.name === name));
      if (!entry || wanted.some((chunk) => !chunk))
        throw new Error(`signed-in page: chunk groups ${groups.join(', ')} and the page's entry are not all in the build`);
      const loaded = withImports(bundle, [entry]);
      const preload = [...withImports(bundle, wanted as OutputChunk[])].filter((file) => !loaded.has(file));
      const links = preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
      const html = String(page.source).replace('</head>', `  ${links}\n  </head>`);
      await writeFile(path.join(options.dir, SIGNED_IN_PAGE), html);
    },
  };
}
