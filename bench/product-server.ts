import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLanguageCode, LANGUAGE_CODES } from '../api/contracts/languages';
import { buildPwa, pwaBuildIsStale } from '../api/scripts/pwa-build';
import { startChildServer, type ChildServer } from './child-server';

export interface ProductServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` serves it to a visitor: the built PWA on a fresh embedded database, for the page-speed
 * tools (`npm run lighthouse`, `npm run bench:first-tap`). `existingUrl` measures a server that is already running.
 */
export async function startProduct(existingUrl?: string): Promise<ProductServer> {
  if (existingUrl) return { url: existingUrl.replace(/\/$/, ''), stop: async () => undefined };
  // Vite's build sets NODE_ENV=production in this process; the server gets what `npm start` gets.
  const nodeEnv = process.env.NODE_ENV ?? 'development';
  // Built here first when stale, so the server's start-up wait does not include a build on a busy machine.
  if (pwaBuildIsStale()) {
    console.log('Building the PWA…');
    await buildPwa();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'page-speed-data-'));
  let server: ChildServer;
  try {
    server = await startChildServer(
      'npm start',
      'api/scripts/start.ts',
      { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: nodeEnv },
      '/api/health',
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // One visit first, so server-side caches (market data) are warm as for any later visitor.
  await Promise.all(['/api/market/coins', '/api/plans'].map((path) => fetch(server.url + path).catch(() => undefined)));
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The languages a page-speed tool measures: a comma-separated list, each one of the product's 21. */
export function parseLanguages(raw: string, source: string): string[] {
  const codes = raw
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  if (codes.length === 0) throw new Error(`${source}: name at least one language`);
  for (const code of codes) {
    if (!isLanguageCode(code)) throw new Error(`${source}: "${code}" is not one of ${LANGUAGE_CODES.join(', ')}`);
  }
  return codes;
}
