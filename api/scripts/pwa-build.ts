import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const rootDir = resolve(import.meta.dirname, '../..');
export const pwaDistDir = join(rootDir, 'dist/pwa');
// operator.config.json too: the site name is built into the bundle (pwa/build/operator-site-name.ts).
const sources = [
  'pwa',
  'public',
  'locales',
  'vite.config.ts',
  'package.json',
  process.env.OPERATOR_CONFIG || 'operator.config.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

/** True when dist/pwa is missing or older than any of its sources. */
export function pwaBuildIsStale(): boolean {
  const builtIndex = join(pwaDistDir, 'index.html');
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(resolve(rootDir, source)) > built);
}

export async function buildPwa() {
  const { build } = await import('vite');
  await build({ configFile: join(rootDir, 'vite.config.ts'), logLevel: 'warn' });
}
