import { isRtl, type LanguageCode } from '../../api/contracts/languages.ts';
import { afterPaintPreloadsId } from '../src/lib/hydration/after-paint-preloads.ts';

const appShell = /<!--app-shell-->[\s\S]*<!--\/app-shell-->/;
// The app's chunks, as app-start-preload-plugin.ts names them in index.html.
const appStartBlock = /<!--app-start-->[\s\S]*?<!--\/app-start-->/;
// React writes the resources a page asks for (an image's preload) ahead of the page's own HTML: they go in <head>.
const leadingResources = /^(?:<link\b[^>]*>|<meta\b[^>]*>)*/;

/**
 * A page rendered at build time paints from its HTML alone: the scripts it preloads (the app's and the page's chunks,
 * the app's stylesheet) only make it interactive. They wait in a template the entry adds to the document after the
 * first paint, so on a phone's network the paint does not share it with them. Lighthouse's simulated load counts
 * every request that ended before the largest paint as one it waited for: /sign-in's 18 preloads made its first and
 * largest paint ~2.5 s on slow 4G instead of ~1.2 s.
 */
const afterPaint = (links: string[]) =>
  links.length ? `<template id="${afterPaintPreloadsId}">${links.join('')}</template>` : '';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The texts as JSON no text can end the element of ("<" escaped; JSON reads \u003c as "<"). */
const pageTextsElement = (texts: Record<string, Record<string, unknown>>) =>
  `<script type="application/json" id="page-texts">${JSON.stringify(texts).replaceAll('<', '\\u003c')}</script>`;

/**
 * The built index.html with a page rendered at build time in place of the boot splash, in `language` (<html lang
 * dir>, marked data-prerendered so the browser hydrates it in that language), its title, its chunks preloaded, its
 * styles and those of its lazy parts inlined, and the texts it was rendered with, so hydrating asks for none.
 */
export function withPrerenderedPage(
  indexHtml: string,
  page: {
    language: LanguageCode;
    html: string;
    title: string;
    /** The texts it was rendered with, which the browser hydrates it with (pwa/src/lib/i18n/page-texts.ts). */
    texts: Record<string, Record<string, unknown>>;
    modulePreloads: string[];
    /** The page's stylesheets and those of its lazy parts, by file name, with their text. */
    stylesheets: Array<{ fileName: string; css: string }>;
  },
): string {
  if (!appShell.test(indexHtml)) throw new Error('prerendered-html: index.html lacks the <!--app-shell--> markers');
  const resources = leadingResources.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(resources.length);
  // Inlined, so the page paints styled with no request in the way. The disabled link (never fetched) tells Vite's
  // loader the stylesheet is there when a lazy part's chunk asks for it.
  const stylesheets = page.stylesheets.map(
    ({ fileName, css }) =>
      `<style data-inlined="${fileName}">${css}</style><link rel="stylesheet" href="/${fileName}" disabled>`,
  );
  const appStart = appStartBlock.exec(indexHtml)?.[0] ?? '';
  const head = [resources, afterPaint([appStart, ...page.modulePreloads]), ...stylesheets].filter(Boolean).join('\n');
  return indexHtml
    .replace(appStart, '')
    .replace(
      /<html lang="[^"]*" dir="[^"]*">/,
      () => `<html lang="${page.language}" dir="${isRtl(page.language) ? 'rtl' : 'ltr'}" data-prerendered>`,
    )
    .replace(/<title>[^<]*<\/title>/, (original) =>
      page.title ? `<title>${escapeHtml(page.title)}</title>` : original,
    )
    .replace('</head>', () => `${head}\n</head>`)
    .replace(appShell, () => body)
    .replace('</body>', () => `${pageTextsElement(page.texts)}</body>`);
}
