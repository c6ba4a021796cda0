import type { BackendModule, InitOptions, ReadCallback, ResourceKey, Services } from 'i18next';
import { TRANSLATION_CACHE_MS } from '../../config/constants';

// Dexie loads beside the first translation request instead of before the app's first script runs.
const translationStore = () => import('../offline/db').then((module) => module.db.translations);

type Loaded = Record<string, unknown>;
export type TranslationCacheOptions = {
  loadPath: string;
  now?: () => number;
  onRefreshed?: (lng: string, ns: string, data: Loaded) => void;
  /** Tests: the server to ask instead of the global fetch. */
  fetch?: (url: string) => Promise<Response>;
  /**
   * Languages the service worker precaches: read over HTTP only (the worker answers offline), so their readers
   * never load Dexie for texts, which on the landing cost a long task on a phone.
   */
  precachedLanguages?: readonly string[];
};

async function readCached(key: string) {
  try {
    return await (await translationStore()).get(key);
  } catch {
    return undefined;
  }
}

async function writeCached(key: string, data: Loaded, savedAt: number) {
  try {
    await (await translationStore()).put({ key, data, savedAt });
  } catch {
    // Without IndexedDB translations still load over the network.
  }
}

/**
 * Serves a namespace of a language the service worker does not precache from Dexie when it was fetched less than 7 days ago (so the site works offline),
 * refreshing it in the background when online; otherwise loads it over HTTP and caches it.
 * When the network fails, an expired copy is still better than no text at all.
 */
export class TranslationCacheBackend implements BackendModule<TranslationCacheOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  private options: TranslationCacheOptions = { loadPath: '/locales/{{lng}}/{{ns}}.json' };

  init(_services: Services, options: Partial<TranslationCacheOptions> = {}, _i18nextOptions?: InitOptions) {
    this.options = { ...this.options, ...options };
  }

  // A plain fetch of one JSON file: i18next-http-backend (about 4 KB gzipped) did no more than this for us, on the
  // landing's first load.
  private async fetchFresh(language: string, namespace: string): Promise<Loaded> {
    const url = this.options.loadPath.replace('{{lng}}', language).replace('{{ns}}', namespace);
    const response = await (this.options.fetch ?? fetch)(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const data: unknown = await response.json();
    if (!data || typeof data !== 'object') throw new Error(`${url}: empty translation file`);
    return data as Loaded;
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    void this.load(language, namespace).then(
      (data) => callback(null, data as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  }

  private async load(language: string, namespace: string): Promise<Loaded> {
    if (this.options.precachedLanguages?.includes(language)) return this.fetchFresh(language, namespace);
    const key = `${language}/${namespace}`;
    const now = this.options.now?.() ?? Date.now();
    const online = typeof navigator === 'undefined' || navigator.onLine;
    // Online, the request starts at once, beside the device read, so neither waits for the other.
    const fresh = online ? this.fetchFresh(language, namespace) : undefined;
    fresh?.catch(() => undefined);
    const cached = await readCached(key);
    if (cached && now - cached.savedAt < TRANSLATION_CACHE_MS) {
      if (fresh) void this.refresh(fresh, language, namespace, key);
      return cached.data;
    }
    try {
      const data = await (fresh ?? this.fetchFresh(language, namespace));
      await writeCached(key, data, now);
      return data;
    } catch (error) {
      if (cached) return cached.data;
      throw error;
    }
  }

  private async refresh(fresh: Promise<Loaded>, language: string, namespace: string, key: string) {
    try {
      const data = await fresh;
      await writeCached(key, data, this.options.now?.() ?? Date.now());
      this.options.onRefreshed?.(language, namespace, data);
    } catch {
      // Offline or server down: keep the cached copy.
    }
  }
}
