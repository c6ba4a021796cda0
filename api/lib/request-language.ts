import type { Context } from 'koa';
import { LANGUAGE_STORAGE_KEY, pickLanguage, type LanguageCode } from '../contracts/languages';

/** The language the PWA shows this person (contracts/languages.ts pickLanguage); pages also follow `?lang=`. */
export function requestLanguage(ctx: Context, { followAddress = false } = {}): LanguageCode {
  const { lang } = ctx.query;
  return pickLanguage({
    requested: followAddress && typeof lang === 'string' ? lang : undefined,
    chosen: ctx.cookies.get(LANGUAGE_STORAGE_KEY),
    accepted: ctx.acceptsLanguages(),
  });
}
