import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  isRtl,
  LANGUAGE_CODES,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
} from '../../config/languages';
import { initialLanguage } from './initial-language';
import { pageTexts, precachedLanguages } from './page-texts';
import { TranslationCacheBackend } from './translation-cache-backend';

export const i18n = i18next;

/** Keeps <html lang dir> in step with the language so Arabic, Persian and Urdu mirror. */
export function applyDocumentLanguage(language: string) {
  // At build time (app/prerender.tsx) there is no document: the HTML's <html lang dir> is written by the build.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

export async function changeLanguage(language: LanguageCode) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    // The server reads it to send `/` as English HTML only to those who read English (api/app.ts).
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await i18n.changeLanguage(language);
}

const sharedOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  load: 'currentOnly' as const,
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
};

i18n.on('languageChanged', applyDocumentLanguage);

/**
 * Browser start-up: the texts a page rendered at build time came with (page-texts.ts), and the rest over HTTP
 * (/locales/{lng}/{ns}.json) through the 7-day Dexie cache.
 */
export function initI18n(pageNamespaces: readonly string[] = []) {
  const lng = initialLanguage();
  const texts = pageTexts();
  return i18n
    .use(TranslationCacheBackend)
    .use(initReactI18next)
    .init({
      ...sharedOptions,
      lng,
      // The backend still loads what the page did not bring (the fallback language, another page's texts).
      ...(texts && { resources: texts, partialBundledLanguages: true }),
      // The first page's own texts load beside the common ones (app/router.tsx routeTexts).
      ns: [...new Set(['common', ...pageNamespaces])],
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        precachedLanguages,
        onRefreshed: (lng: string, ns: string, data: Record<string, unknown>) =>
          i18n.addResourceBundle(lng, ns, data, true, true),
      },
      react: { useSuspense: true },
    });
}

/** Tests: resources given in memory, ready synchronously. */
export function initI18nWithResources(resources: Resource, lng: LanguageCode = FALLBACK_LANGUAGE) {
  return i18n.use(initReactI18next).init({
    ...sharedOptions,
    ns: Object.keys(resources[FALLBACK_LANGUAGE] ?? { common: {} }),
    lng,
    resources,
    initAsync: false,
    react: { useSuspense: false },
  });
}
