import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { FALLBACK_LANGUAGE, isLanguageCode, isRtl, LANGUAGE_CODES } from '../../contracts/languages';
import type { NotificationKind } from '../../contracts/notifications';

const localesDir = resolve(import.meta.dirname, '../../../locales');
const namespaces = ['notifications', 'funds'];

function loadResources() {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const language of LANGUAGE_CODES) {
    resources[language] = {};
    for (const namespace of namespaces) {
      const file = join(localesDir, language, `${namespace}.json`);
      if (existsSync(file)) resources[language][namespace] = JSON.parse(readFileSync(file, 'utf8'));
    }
  }
  return resources;
}

const texts = i18next.createInstance();
void texts.init({
  initAsync: false,
  resources: loadResources() as never,
  fallbackLng: FALLBACK_LANGUAGE,
  ns: namespaces,
  defaultNS: 'notifications',
  // Values go into plain text and into HTML that escapes them itself.
  interpolation: { escapeValue: false },
});

export const readerLanguage = (language: string | null | undefined) =>
  isLanguageCode(language) ? language : FALLBACK_LANGUAGE;

export interface RenderedNotification {
  title: string;
  body: string;
}

/** A notification's title and body in `language`, its amounts as money of that language. */
export function renderNotification(
  kind: NotificationKind,
  params: Record<string, unknown>,
  language: string,
): RenderedNotification {
  const lng = readerLanguage(language);
  const t: TFunction = texts.getFixedT(lng);
  const money = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD' });
  // In right-to-left text an amount is a left-to-right isolate (LRI … PDI), so "US$" and its digits keep their
  // order: Arabic's amount begins with a right-to-left mark, which a first-strong isolate would follow ("$US 60.00").
  const isolate = (text: string) => (isRtl(lng) ? `\u2066${text}\u2069` : text);
  const values = {
    ...params,
    amount: typeof params.amountCents === 'number' ? isolate(money.format(params.amountCents / 100)) : '',
    coin: typeof params.coin === 'string' ? t(`funds:coins.${params.coin}`, { defaultValue: params.coin }) : '',
  };
  return { title: t(`${kind}.title`, values), body: t(`${kind}.body`, values) };
}

/** The e-mail's closing lines in `language`. */
export function mailFooter(language: string, url: string, site: string, preferencesUrl: string) {
  const t = texts.getFixedT(readerLanguage(language));
  return {
    open: t('mail.open', { url }),
    why: t('mail.why', { site }),
    whySecurity: t('mail.whySecurity', { site }),
    preferences: t('mail.preferences', { url: preferencesUrl }),
    security: t('mail.security'),
  };
}

/** The operators' digest e-mail's subject and first line in `language`. */
export function digestTexts(language: string, count: number, site: string) {
  const t = texts.getFixedT(readerLanguage(language));
  return { subject: t('digest.subject', { count, site }), intro: t('digest.intro', { count, site }) };
}
