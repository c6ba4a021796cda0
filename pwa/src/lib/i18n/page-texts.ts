import { FALLBACK_LANGUAGE } from '../../config/languages';
import { keepCopiesOffline } from '../offline/keep-offline';

/** The English texts are precached by the service worker (vite.config.ts); the others are kept in Dexie. */
export const precachedLanguages: readonly string[] = [FALLBACK_LANGUAGE];

/** Texts by language, then namespace, as i18next takes them. */
export type Texts = Record<string, Record<string, Record<string, unknown>>>;

/**
 * The texts a page rendered at build time came with (pwa/build/prerendered-html.ts), by language (the page's) and
 * namespace: React hydrates it with them, and only the English fallback's are fetched (the service worker precaches
 * those). None on a page the app renders itself.
 */
export function pageTexts(): Texts | undefined {
  const text = typeof document === 'undefined' ? undefined : document.getElementById('page-texts')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Texts;
  } catch {
    // A page cut short in transit: the texts are fetched.
    return undefined;
  }
}

/**
 * Keeps the texts the page came with in this device's store, as fetching them would have, so the language still
 * shows on an offline visit (the service worker writes them: the page loads no Dexie for it).
 */
export function keepPageTextsOffline(): void {
  const kept = Object.entries(pageTexts() ?? {}).filter(([language]) => !precachedLanguages.includes(language));
  const savedAt = Date.now();
  const copies = kept.flatMap(([language, namespaces]) =>
    Object.entries(namespaces).map(([namespace, data]) => ({ key: `${language}/${namespace}`, data, savedAt })),
  );
  keepCopiesOffline(copies, 'translations');
}
