/** The 21 languages of the selector, in the spec's order, with their own names; shared by the PWA and the API (mail). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'pt', name: 'Português' },
  { code: 'fa', name: 'فارسی', rtl: true },
  { code: 'es', name: 'Español' },
  { code: 'ru', name: 'Русский' },
  { code: 'ar', name: 'العربية', rtl: true },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'fi', name: 'Suomi' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'bn', name: 'বাংলা' },
  { code: 'ur', name: 'اردو', rtl: true },
  { code: 'tr', name: 'Türkçe' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pl', name: 'Polski' },
  { code: 'sv', name: 'Svenska' },
] as const satisfies ReadonlyArray<{ code: string; name: string; rtl?: boolean }>;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES: LanguageCode[] = LANGUAGES.map((language) => language.code);
export const FALLBACK_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isRtl(code: string): boolean {
  return LANGUAGES.some((language) => language.code === code && 'rtl' in language && language.rtl);
}

export function isLanguageCode(code: string | null | undefined): code is LanguageCode {
  return LANGUAGE_CODES.includes(code as LanguageCode);
}

/** A language tag as one of ours: exact (`zh-CN`), else by its first part (`fr-CA` → `fr`, `zh` → `zh-CN`). */
export function matchLanguage(tag: string | null | undefined): LanguageCode | undefined {
  if (!tag || tag === '*') return undefined;
  const lower = tag.toLowerCase();
  return (
    LANGUAGE_CODES.find((code) => code.toLowerCase() === lower) ??
    LANGUAGE_CODES.find((code) => code.toLowerCase().split('-')[0] === lower.split('-')[0])
  );
}

/**
 * The one rule for the language a page is shown in, applied by the server (the HTML it sends, the mail it writes) and
 * by the browser alike: a language the address asks for (`?lang=fr`), else the visitor's choice in the selector (the
 * `language` cookie it sets), else the first of the browser's languages we have, else English.
 */
export function pickLanguage({
  requested,
  chosen,
  accepted,
}: {
  requested?: string | null;
  chosen?: string | null;
  accepted: readonly string[];
}): LanguageCode {
  return (
    matchLanguage(requested) ??
    matchLanguage(chosen) ??
    accepted.map(matchLanguage).find((found) => found !== undefined) ??
    FALLBACK_LANGUAGE
  );
}
