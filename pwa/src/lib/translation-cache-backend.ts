import type { BackendModule, InitOptions, ReadCallback, ResourceKey, Services } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { TRANSLATION_CACHE_MS } from '../config/constants';
import { db } from './db';

type Loaded = Record<string, unknown>;
export type TranslationCacheOptions = { loadPath: string; now?: () => number; onRefreshed?: (lng: string, ns: string, data: Loaded) => void };

async function readCached(key: string) {
  try {
    return await db.translations.get(key);
  } catch {
    return undefined;
  }
}

async function writeCached(key: string, data: Loaded, savedAt: number) {
  try {
    await db.translations.put({ key, data, savedAt });
  } catch {
    // Without IndexedDB translations still load over the network.
  }
}

/**
 * Serves a namespace from Dexie when it was fetched less than 7 days ago (so the site works offline),
 * refreshing it in the background when online; otherwise loads it over HTTP and caches it.
 * When the network fails, an expired copy is still better than no text at all.
 */
export class TranslationCacheBackend implements BackendModule<TranslationCacheOptions> {
  static type = 'backend' as const;
  type = 'backend' as const;
  private http = new HttpBackend();
  private options: TranslationCacheOptions = { loadPath: '/locales/{{lng}}/{{ns}}.json' };

  init(services: Services, options: Partial<TranslationCacheOptions & HttpBackendOptions> = {}, _i18nextOptions?: InitOptions) {
    this.options = { ...this.options, ...options };
    this.http.init(services, { ...options, loadPath: this.options.loadPath });
  }

  private fetchFresh(language: string, namespace: string): Promise<Loaded> {
    return new Promise((resolve, reject) => {
      this.http.read(language, namespace, (error, data) => {
        if (error || !data || typeof data !== 'object') reject(error ?? new Error('empty translation file'));
        else resolve(data as Loaded);
      });
    });
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    void this.load(language, namespace).then(
      (data) => callback(null, data as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  }

  private async load(language: string, namespace: string): Promise<Loaded> {
    const key = `${language}/${namespace}`;
    const now = this.options.now?.() ?? Date.now();
    const cached = await readCached(key);
    if (cached && now - cached.savedAt < TRANSLATION_CACHE_MS) {
      if (typeof navigator === 'undefined' || navigator.onLine) void this.refresh(language, namespace, key);
      return cached.data;
    }
    try {
      const data = await this.fetchFresh(language, namespace);
      await writeCached(key, data, now);
      return data;
    } catch (error) {
      if (cached) return cached.data;
      throw error;
    }
  }

  private async refresh(language: string, namespace: string, key: string) {
    try {
      const data = await this.fetchFresh(language, namespace);
      await writeCached(key, data, this.options.now?.() ?? Date.now());
      this.options.onRefreshed?.(language, namespace, data);
    } catch {
      // Offline or server down: keep the cached copy.
    }
  }
}
