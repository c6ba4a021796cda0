import type { Resource, ResourceKey } from 'i18next';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { FALLBACK_LANGUAGE, type LanguageCode } from '../config/languages';
import { onPrerenderedTitle } from '../lib/hooks/document-title';
import { i18n, initI18nWithResources } from '../lib/i18n/i18n';
import { App } from './app';
import { routeTexts } from './router';

/**
 * Build time only (pwa/build/prerenderer.ts): renders a public page in one language to HTML from the same
 * components the browser hydrates (app.tsx), waiting for every lazy part, so the HTML holds the whole page.
 */
export function setUpTexts(resources: Resource) {
  void initI18nWithResources(resources, FALLBACK_LANGUAGE);
}

export type PrerenderedPage = {
  html: string;
  title: string;
  /**
   * The texts the browser hydrates it with, by language and namespace: the common ones and the page's own, in its
   * language. The fallback language's, which i18next loads beside them, come over HTTP: carried in the page they
   * made it larger (a point or two of Lighthouse on `/sign-in`), while they arrive before the app's chunks anyway.
   */
  texts: Resource;
};

export async function prerenderPage(path: string, language: LanguageCode): Promise<PrerenderedPage> {
  await i18n.changeLanguage(language);
  let title = '';
  onPrerenderedTitle((pageTitle) => (title = pageTitle));
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  try {
    // Every part inline, whatever its size: the HTML is complete on arrival and needs no script to put parts in place.
    const { prelude } = await prerenderToNodeStream(<App Router={Router} />, { progressiveChunkSize: Infinity });
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    const namespaces = [...new Set(['common', ...routeTexts(path)])];
    const texts: Resource = {
      [language]: Object.fromEntries(namespaces.map((ns) => [ns, i18n.getResourceBundle(language, ns) as ResourceKey])),
    };
    return { html, title, texts };
  } finally {
    onPrerenderedTitle(undefined);
  }
}
