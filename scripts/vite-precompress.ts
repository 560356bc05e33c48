/**
 * A Vite plugin that writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of
 * the built client, once the build (and the service worker) is written, so the server sends them as
 * they are (@fastify/static's preCompressed) instead of compressing on each request or not at all.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|wasm|ttf|txt|map)$/;
/** Below this a compressed copy saves less than its own request headers. */
const MIN_BYTES = 1024;

/**
 * Code is gzipped with Zopfli: the same format any browser reads, 3–5% smaller than zlib's level 9
 * (the sign-in page's boot chunk 148 KB instead of 153), at a few seconds of build time. Browsers
 * are sent gzip where they do not ask for Brotli: Chromium asks for it only over HTTPS and on
 * localhost, so a site served over plain HTTP on its own network gets gzip.
 */
const ZOPFLI = /\.(?:js|mjs|css|html)$/;
const ZOPFLI_ITERATIONS = 15;

const brotli = promisify(brotliCompress);
const zlibGzip = promisify(gzip);

function gzipOf(file: string, content: Buffer): Promise<Uint8Array> {
  return ZOPFLI.test(file) ? zopfliGzip(content, { numiterations: ZOPFLI_ITERATIONS }) : zlibGzip(content, { level: 9 });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzipOf(file, content),
      ]);
      // A copy no smaller than the file helps no one (already-compressed data).
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      written += 1;
    }),
  );
  return written;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'stockledger:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    // closeBundle runs after every plugin has written its files (the service worker included).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const count = await precompressDir(outDir);
        config.logger.info(`precompressed ${count} files (br, gz)`);
      },
    },
  };
}
