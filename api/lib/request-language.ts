import type { Context } from 'koa';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../contracts/languages';

/** A language tag as one of ours: exact (`zh-CN`), else by its first part (`fr-CA` → `fr`, `zh` → `zh-CN`). */
function ourLanguage(tag: string): LanguageCode | undefined {
  const lower = tag.toLowerCase();
  return (
    LANGUAGE_CODES.find((code) => code.toLowerCase() === lower) ??
    LANGUAGE_CODES.find((code) => code.toLowerCase().split('-')[0] === lower.split('-')[0])
  );
}

/**
 * The language the PWA shows this person: their choice in the selector (the `language` cookie it sets), else the
 * first of the browser's languages we have, else English.
 */
export function requestLanguage(ctx: Context): LanguageCode {
  const chosen = ctx.cookies.get('language');
  const fromChoice = chosen ? ourLanguage(chosen) : undefined;
  if (fromChoice) return fromChoice;
  for (const tag of ctx.acceptsLanguages()) {
    const found = tag === '*' ? undefined : ourLanguage(tag);
    if (found) return found;
  }
  return FALLBACK_LANGUAGE;
}
