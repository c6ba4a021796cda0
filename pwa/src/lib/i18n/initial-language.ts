import { FALLBACK_LANGUAGE, isLanguageCode, LANGUAGE_STORAGE_KEY, type LanguageCode } from '../../config/languages';

// Apart from i18next, so the entry can ask it before the app (and i18next) loads (lib/served-screen.ts).

function storedLanguage(): LanguageCode | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The saved choice, else the browser's language when we have it, else English. */
export function initialLanguage(): LanguageCode {
  const stored = storedLanguage();
  if (stored) return stored;
  for (const candidate of navigator.languages ?? []) {
    if (isLanguageCode(candidate)) return candidate;
    const base = candidate.split('-')[0];
    if (base === 'zh') return 'zh-CN';
    if (isLanguageCode(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}
