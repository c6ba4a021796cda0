import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../offline/db';
import { keepPageTextsOffline, pageTexts } from './page-texts';

const texts = {
  ar: { common: { loading: 'جارٍ التحميل…' }, home: { ticker: { label: 'أسعار العملات </script>' } } },
  en: { common: { loading: 'Loading…' }, home: { ticker: { label: 'Crypto prices' } } },
};

/** A page rendered at build time, with its texts as pwa/build/prerendered-html.ts writes them. */
function pageWithTexts(json: string) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="page-texts">${json}</script>`;
}

describe('the texts a page came with', () => {
  afterEach(async () => {
    document.body.innerHTML = '';
    await db.translations.clear();
  });

  it('are read by language and namespace', () => {
    pageWithTexts(JSON.stringify(texts).replaceAll('<', '\\u003c'));
    expect(pageTexts()).toEqual(texts);
  });

  it('are none on a page the app renders itself, or one cut short', () => {
    expect(pageTexts()).toBeUndefined();
    pageWithTexts('{"ar":{"common":');
    expect(pageTexts()).toBeUndefined();
  });

  it('are kept on the device for offline visits, except the precached English ones', async () => {
    pageWithTexts(JSON.stringify(texts).replaceAll('<', '\\u003c'));
    keepPageTextsOffline();
    await vi.waitFor(async () => expect(await db.translations.count()).toBe(2));
    expect(await db.translations.get('ar/home')).toMatchObject({ data: texts.ar.home });
    expect(await db.translations.get('ar/common')).toMatchObject({ data: texts.ar.common });
    expect(await db.translations.get('en/common')).toBeUndefined();
  });
});
