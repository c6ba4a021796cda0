import { isRtl, type LanguageCode } from '../../api/contracts/languages.ts';

const appShell = /<!--app-shell-->[\s\S]*<!--\/app-shell-->/;
// React writes the resources a page asks for (an image's preload) ahead of the page's own HTML: they go in <head>.
const leadingResources = /^(?:<link\b[^>]*>|<meta\b[^>]*>)*/;

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
  const head = [resources, ...page.modulePreloads, ...stylesheets].filter(Boolean).join('\n');
  return indexHtml
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
