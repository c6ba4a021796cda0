import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const STALE_AFTER_MS = 60 * 60 * 1000;

/** Each run gets a fresh embedded database under data/e2e-*; remove those of past runs (an hour old), not a run in progress. */
export default function removeOldE2eData() {
  const dataDir = resolve(import.meta.dirname, '../data');
  let names: string[];
  try {
    names = readdirSync(dataDir).filter((name) => name.startsWith('e2e-'));
  } catch {
    return;
  }
  const current = resolve(process.env.E2E_DATA_DIR ?? '');
  for (const name of names) {
    const path = join(dataDir, name);
    if (path === current) continue;
    if (Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS) rmSync(path, { recursive: true, force: true });
  }
}
