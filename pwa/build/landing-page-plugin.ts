import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { OperatorContact } from './operator-site-name.ts';

const shellPattern = /<!--app-shell-->[\s\S]*<!--\/app-shell-->/;

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

/**
 * Emits landing.html: the built index.html with the landing's first screen (`shellFile`, the operator's site name
 * and support contact filled in)
 * in place of the boot splash. The server sends it for `/` to visitors who read English, so the hero paints from
 * the HTML instead of waiting for JavaScript (issue 9); every other page keeps index.html and its splash.
 */
export function landingPagePlugin(shellFile: string, siteName: string, contact: OperatorContact): Plugin {
  return {
    name: 'project-landing-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('landing-page-plugin: the build has no index.html');
      const html = String(index.source);
      if (!shellPattern.test(html)) throw new Error('landing-page-plugin: index.html lacks the <!--app-shell--> markers');
      const shell = readFileSync(shellFile, 'utf8').replaceAll('%SITE_NAME%', escapeHtml(siteName)).replace('%SUPPORT_LINKS%', () => supportLinks(contact));
      this.emitFile({ type: 'asset', fileName: 'landing.html', source: html.replace(shellPattern, () => shell.trim()) });
    },
  };
}
