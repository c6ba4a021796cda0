import { LANGUAGE_STORAGE_KEY, pickLanguage, type LanguageCode } from '../../config/languages';

// Apart from i18next, so the entry can ask it before the app (and i18next) loads.

function chosenLanguage(): string | undefined {
  const cookie = document.cookie.match(new RegExp(`(?:^|; )${LANGUAGE_STORAGE_KEY}=([^;]*)`))?.[1];
  if (cookie) return decodeURIComponent(cookie);
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language of the first render. A page the server sent already rendered (data-prerendered on <html>) is
 * hydrated in the language it was rendered in; any other page follows the same rule the server applies
 * (contracts/languages.ts pickLanguage).
 */
export function initialLanguage(): LanguageCode {
  const html = document.documentElement;
  return pickLanguage({
    requested: html.hasAttribute('data-prerendered') ? html.lang : new URLSearchParams(location.search).get('lang'),
    chosen: chosenLanguage(),
    accepted: navigator.languages ?? [],
  });
}
