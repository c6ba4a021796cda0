import type { Rolldown } from 'vite';
import { sentBytes } from './precompress-plugin.ts';

type Chunk = Rolldown.OutputChunk;
type Asset = Rolldown.OutputAsset;

/** `bytes`: as a browser receives the file (precompress-plugin.ts `sentBytes`: brotli, or plain under 1 KB). */
export type LoadedFile = { fileName: string; kind: 'html' | 'js' | 'css'; bytes: number };
export type FirstLoad = { files: LoadedFile[]; jsBytes: number; criticalBytes: number; moduleIds: string[] };

/** A build's chunks by file name, from a plugin's bundle or a build's output. */
export function chunksByFileName(output: Rolldown.OutputBundle | Array<Chunk | Asset>): Map<string, Chunk> {
  const items = Array.isArray(output) ? output : Object.values(output);
  return new Map(items.filter((item): item is Chunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
}

/** The built index.html, which the project's post-build plugins rewrite or copy; `plugin` names the one asking. */
export function builtIndexHtml(bundle: Rolldown.OutputBundle, plugin: string): Asset {
  const index = bundle['index.html'];
  if (index?.type !== 'asset') throw new Error(`${plugin}: the build has no index.html`);
  return index;
}

/** The chunk index.html loads. */
export function entryChunk(chunks: Map<string, Chunk>): Chunk | undefined {
  return [...chunks.values()].find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
}

/** The chunk of pwa/src/app/start.tsx: React, the router and the texts, which the entry imports to start the app. */
export function appStartChunk(chunks: Map<string, Chunk>): Chunk | undefined {
  return [...chunks.values()].find((chunk) =>
    chunk.facadeModuleId?.replaceAll('\\', '/').endsWith('/pwa/src/app/start.tsx'),
  );
}

/** Every chunk `roots` load before they run (static imports, recursively), with the CSS they carry. */
export function filesLoadedBy(roots: Chunk[], chunks: Map<string, Chunk>) {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  roots.forEach((root) => visit(root.fileName));
  const js = [...seen];
  const css = [...new Set(js.flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]))];
  return { js, css };
}

/**
 * What a first visit to a page fetches before it can render: the entry chunk that index.html loads, the app's
 * start chunk (named in the HTML, app-start-preload-plugin.ts), the route's own chunk (preloaded before the first render), their static imports recursively, the CSS
 * those chunks carry (unless inlined into the HTML), and the HTML page itself (`htmlFile`). Dynamic imports inside them (Dexie, the market treemap …)
 * are left out: they load after the first render. Sizes are as the server sends them to a browser (brotli).
 */
export function measureFirstLoad(
  output: Rolldown.OutputBundle | Array<Chunk | Asset>,
  routeModuleSuffix: string,
  htmlFile = 'index.html',
): FirstLoad {
  const items = Array.isArray(output) ? output : Object.values(output);
  const chunks = chunksByFileName(items);
  const html = items.find((item): item is Asset => item.type === 'asset' && item.fileName === htmlFile);
  const entry = entryChunk(chunks);
  const start = appStartChunk(chunks);
  const route = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(routeModuleSuffix));
  if (!html || !entry || !start || !route)
    throw new Error(
      `${htmlFile}, the entry chunk, the app's start chunk or the chunk of ${routeModuleSuffix} is missing from the build`,
    );

  const { js, css } = filesLoadedBy([entry, start, route], chunks);
  const loaded = js.map((fileName) => chunks.get(fileName)!);
  // Stylesheets inlined into the HTML (inline-entry-css-plugin.ts) are counted in its bytes.
  const inlined = new Set([...String(html.source).matchAll(/data-inlined="([^"]+)"/g)].map((match) => match[1]));
  const cssNames = new Set(css.filter((fileName) => !inlined.has(fileName)));
  const cssAssets = items.filter((item): item is Asset => item.type === 'asset' && cssNames.has(item.fileName));
  const files: LoadedFile[] = [
    { fileName: htmlFile, kind: 'html', bytes: sentBytes(html.source) },
    ...loaded.map((chunk) => ({ fileName: chunk.fileName, kind: 'js' as const, bytes: sentBytes(chunk.code) })),
    ...cssAssets.map((asset) => ({ fileName: asset.fileName, kind: 'css' as const, bytes: sentBytes(asset.source) })),
  ];
  const sum = (list: LoadedFile[]) => list.reduce((total, file) => total + file.bytes, 0);
  return {
    files,
    jsBytes: sum(files.filter((file) => file.kind === 'js')),
    criticalBytes: sum(files),
    moduleIds: loaded.flatMap((chunk) => chunk.moduleIds),
  };
}

export function formatFirstLoad(page: string, load: FirstLoad): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [...load.files]
    .sort((a, b) => b.bytes - a.bytes)
    .map((file) => `  ${kb(file.bytes).padStart(9)}  ${file.fileName}`);
  return [
    `First load of ${page} (as sent: brotli, or plain under 1 KB):`,
    ...lines,
    `  JavaScript ${kb(load.jsBytes)} in ${load.files.filter((file) => file.kind === 'js').length} files; critical path (HTML + JS + CSS; no web fonts, no LCP image) ${kb(load.criticalBytes)}`,
  ].join('\n');
}
