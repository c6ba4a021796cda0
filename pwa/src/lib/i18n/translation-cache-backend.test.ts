import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../offline/db';
import { TranslationCacheBackend } from './translation-cache-backend';

const DAY = 24 * 60 * 60 * 1000;
const start = Date.parse('2026-03-01T00:00:00Z');

/** A translation server that answers with `texts`, or fails when `texts` is null (offline). */
function translationServer(texts: Record<string, string> | null) {
  return vi.fn(async (url: string) => {
    if (!texts) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ ...texts, servedFrom: url }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

async function loadFrench(fetchMock: ReturnType<typeof translationServer>, now: number) {
  const instance = i18next.createInstance().use(TranslationCacheBackend);
  await instance.init({
    lng: 'fr',
    fallbackLng: false,
    ns: ['home'],
    defaultNS: 'home',
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json', fetch: fetchMock, now: () => now },
  });
  return instance;
}

describe('TranslationCacheBackend', () => {
  beforeEach(async () => {
    await db.translations.clear();
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
  });

  it('loads /locales/{lng}/{ns}.json and keeps a copy on the device', async () => {
    const server = translationServer({ title: 'Bonjour' });
    const i18n = await loadFrench(server, start);
    expect(i18n.t('title')).toBe('Bonjour');
    expect(server.mock.calls[0]![0]).toBe('/locales/fr/home.json');
    expect(await db.translations.get('fr/home')).toMatchObject({ data: { title: 'Bonjour' }, savedAt: start });
  });

  it('reads a language the service worker precaches over HTTP only, keeping no copy on the device', async () => {
    const server = translationServer({ title: 'Hello' });
    const instance = i18next.createInstance().use(TranslationCacheBackend);
    await instance.init({
      lng: 'en',
      fallbackLng: false,
      ns: ['home'],
      defaultNS: 'home',
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        fetch: server,
        now: () => start,
        precachedLanguages: ['en'],
      },
    });
    expect(instance.t('title')).toBe('Hello');
    expect(server).toHaveBeenCalledTimes(1);
    expect(await db.translations.count()).toBe(0);
  });

  it('serves the saved copy offline for 7 days', async () => {
    await loadFrench(translationServer({ title: 'Bonjour' }), start);
    const offline = translationServer(null);
    const i18n = await loadFrench(offline, start + 7 * DAY - 1);
    expect(i18n.t('title')).toBe('Bonjour');
  });

  it('refreshes the saved copy in the background while it is fresh and the visitor is online', async () => {
    await loadFrench(translationServer({ title: 'Bonjour' }), start);
    const updated = translationServer({ title: 'Salut' });
    const i18n = await loadFrench(updated, start + DAY);
    expect(i18n.t('title')).toBe('Bonjour');
    await vi.waitFor(async () =>
      expect((await db.translations.get('fr/home'))?.data).toMatchObject({ title: 'Salut' }),
    );
  });

  it('fetches again once the copy is older than 7 days', async () => {
    await loadFrench(translationServer({ title: 'Bonjour' }), start);
    const server = translationServer({ title: 'Salut' });
    const i18n = await loadFrench(server, start + 7 * DAY + 1);
    expect(i18n.t('title')).toBe('Salut');
    expect(await db.translations.get('fr/home')).toMatchObject({ savedAt: start + 7 * DAY + 1 });
  });

  it('still shows an expired copy when the network is down, rather than no text', async () => {
    await loadFrench(translationServer({ title: 'Bonjour' }), start);
    const i18n = await loadFrench(translationServer(null), start + 30 * DAY);
    expect(i18n.t('title')).toBe('Bonjour');
  });

  it('has nothing to show with no copy and no network', async () => {
    const i18n = await loadFrench(translationServer(null), start);
    expect(i18n.exists('title')).toBe(false);
  });
});
