import type { Resource } from 'i18next';
import { initI18nWithResources } from '../lib/i18n/i18n';

// Component tests render real English texts: every namespace file of locales/en, loaded in memory.
const files = import.meta.glob<Record<string, unknown>>('../../../locales/en/*.json', {
  eager: true,
  import: 'default',
});
const english = Object.fromEntries(
  Object.entries(files).map(([path, data]) => [
    path
      .split('/')
      .pop()!
      .replace(/\.json$/, ''),
    data,
  ]),
);

void initI18nWithResources({ en: english } as Resource);
