import type { CopyStore } from './public-copy';

export type OfflineCopy = { key: string; data: unknown; savedAt: number };

/**
 * Saves what the page came with (its answers, its texts) as this device's offline copies, as fetching them would
 * have. The saving code loads only when there is something to save, after the app has started.
 */
export function keepCopiesOffline(copies: OfflineCopy[], store: CopyStore): void {
  if (copies.length === 0) return;
  void import('./public-copy').then(({ writePublicCopy }) => {
    for (const { key, data, savedAt } of copies) void writePublicCopy(key, data, savedAt, store);
  });
}
