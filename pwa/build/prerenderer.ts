import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Resource } from 'i18next';
import { build } from 'vite';
import type { LanguageCode } from '../../api/contracts/languages.ts';
import type { PrerenderedPage } from '../src/app/prerender.tsx';

export type Prerenderer = {
  render(path: string, language: LanguageCode): Promise<PrerenderedPage>;
  close(): void;
};

type PrerenderModule = {
  setUpTexts(resources: Resource): void;
  prerenderPage(path: string, language: LanguageCode): Promise<PrerenderedPage>;
};

/** Every language's texts from `locales/<lng>/<namespace>.json`, as i18next takes them in memory. */
function readTexts(localesDir: string): Resource {
  const resources: Resource = {};
  for (const language of readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const namespaces: Resource[string] = {};
    for (const file of readdirSync(join(localesDir, language.name)).filter((name) => name.endsWith('.json')))
      namespaces[file.slice(0, -'.json'.length)] = JSON.parse(
        readFileSync(join(localesDir, language.name, file), 'utf8'),
      );
    resources[language.name] = namespaces;
  }
  return resources;
}

/**
 * Builds pwa/src/app/prerender.tsx for Node (a server build of the same components, with the same build-time
 * constants) into node_modules/.cache, where it resolves the project's packages, and loads it with every language's texts.
 */
export async function startPrerenderer(rootDir: string, define: Record<string, string>): Promise<Prerenderer> {
  const outDir = join(rootDir, 'node_modules/.cache', `prerender-${randomBytes(4).toString('hex')}`);
  await build({
    configFile: false,
    root: join(rootDir, 'pwa'),
    publicDir: false,
    logLevel: 'error',
    define,
    plugins: [react()],
    build: {
      ssr: join(rootDir, 'pwa/src/app/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  try {
    const module = (await import(pathToFileURL(join(outDir, 'prerender.mjs')).href)) as PrerenderModule;
    module.setUpTexts(readTexts(join(rootDir, 'locales')));
    return { render: module.prerenderPage, close: () => rmSync(outDir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
