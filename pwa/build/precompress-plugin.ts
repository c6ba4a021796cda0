import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { LANGUAGE_CODES } from '../../api/contracts/languages.ts';
import type { RouteShellIndex } from '../../api/contracts/route-shells.ts';

const compressible = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt)$/;
// Below this, the headers outweigh the saving.
const MIN_BYTES = 1024;

const brotli = (source: Buffer) =>
  brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });

/** The bytes a browser that takes brotli receives for a file of the build: its brotli copy, or the file itself. */
export function sentBytes(source: string | Uint8Array): number {
  const bytes = Buffer.from(source);
  return bytes.length < MIN_BYTES ? bytes.length : brotli(bytes).length;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * The public pages in each language (shells/routes.json `perLanguage`): the server adds their answers to them and
 * compresses them itself (api/static-pwa.ts), so copies of them would never be sent.
 */
function pagesSentWithAnswers(outDir: string): Set<string> {
  const index = join(outDir, 'shells', 'routes.json');
  if (!existsSync(index)) return new Set();
  const routes = JSON.parse(readFileSync(index, 'utf8')) as RouteShellIndex;
  return new Set(
    Object.values(routes)
      .filter((route) => route.perLanguage)
      .flatMap((route) =>
        LANGUAGE_CODES.map((language) => join(outDir, 'shells', route.file.replace('{lng}', language))),
      ),
  );
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build (but the public pages sent with their answers), so the server (koa-send) sends them
 * to browsers that accept them without compressing on each request. Runs last, after the service worker is built.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'project-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const sentWithAnswers = pagesSentWithAnswers(outDir);
        for (const file of listFiles(outDir)) {
          if (!compressible.test(file) || statSync(file).size < MIN_BYTES || sentWithAnswers.has(file)) continue;
          const source = readFileSync(file);
          writeFileSync(`${file}.br`, brotli(source));
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}
