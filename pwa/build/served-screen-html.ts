import { readFileSync } from 'node:fs';
import { appStartMarkers } from './app-start-preload-plugin.ts';
import type { OperatorContact } from './operator-site-name.ts';

// A page's first screen written in English (pwa/served-screens/), put into the built HTML for the server to send to
// English readers (route-shells-plugin.ts), so it paints from the HTML instead of waiting for JavaScript.

const shellPattern = /<!--app-shell-->[\s\S]*<!--\/app-shell-->/;

/** Links that fetch a chunk for a start that waits for the visitor (src/main.tsx): fetched at low priority, not run. */
export const asPrefetch = (links: string) =>
  links
    .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="prefetch" as="script" crossorigin href=')
    .replaceAll('<link rel="preload" as="style" href=', '<link rel="prefetch" as="style" href=');

/** The app's chunks, preloaded by index.html, are only prefetched beside a served first screen. */
function prefetchAppStart(html: string): string {
  const start = html.indexOf(appStartMarkers.open);
  const end = html.indexOf(appStartMarkers.close);
  if (start < 0 || end < start) throw new Error('served-screen-html: index.html lacks the <!--app-start--> markers');
  return html.slice(0, start) + asPrefetch(html.slice(start, end)) + html.slice(end);
}

/**
 * `html` (index.html or a page's shell) with a first screen written in English (`screenFile`, the operator's site
 * name and support contact filled in) in place of the boot splash, and the app's chunks prefetched, not preloaded.
 */
export function withServedScreen(html: string, screenFile: string, siteName: string, contact: OperatorContact): string {
  if (!shellPattern.test(html)) throw new Error('served-screen-html: the HTML lacks the <!--app-shell--> markers');
  const screen = readFileSync(screenFile, 'utf8')
    .replaceAll('%SITE_NAME%', escapeHtml(siteName))
    .replace('%SUPPORT_LINKS%', () => supportLinks(contact));
  return prefetchAppStart(html).replace(shellPattern, () => screen.trim());
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The support links as SiteHeader renders them in English. */
function supportLinks({ supportEmail, supportPhone }: OperatorContact): string {
  const email = escapeHtml(supportEmail);
  const phone = escapeHtml(supportPhone);
  return [
    email ? `<a href="mailto:${email}" aria-label="E-mail ${email}">${email}</a>` : '',
    phone ? ` · <a href="tel:${phone}" aria-label="Call ${phone}"><bdi>${phone}</bdi></a>` : '',
  ].join('');
}
