import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../pwa/src/config/languages';

// i18next picks `key_<category>` by Intl.PluralRules of the reader's language; a category missing from the file
// makes it fall back to English for those counts (Spanish "1 millón", French "1 million" need `_many`).
const localesDir = import.meta.dirname;
const namespaces = readdirSync(join(localesDir, 'en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -5));
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

/** Every leaf key of a translation file, dotted ('a.b.c'). */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object' ? keysOf(value, path) : [path];
  });
}

const keysIn = (language: string, namespace: string) =>
  new Set(keysOf(JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree));

describe('plural keys have every form their language uses', () => {
  it('finds plural keys to check', () => {
    expect(namespaces.some((namespace) => [...keysIn('en', namespace)].some((key) => pluralSuffix.test(key)))).toBe(
      true,
    );
  });

  describe.each(LANGUAGE_CODES)('%s', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

    it.each(namespaces)(`has each of its cardinal plural categories for every plural key of %s.json`, (namespace) => {
      const keys = keysIn(language, namespace);
      // A key is plural when English or this language has it with a category suffix.
      const bases = new Set(
        [...keysIn('en', namespace), ...keys]
          .filter((key) => pluralSuffix.test(key))
          .map((key) => key.replace(pluralSuffix, '')),
      );
      const missing = [...bases].flatMap((base) =>
        categories.filter((category) => !keys.has(`${base}_${category}`)).map((category) => `${base}_${category}`),
      );
      expect(missing, `${language}/${namespace}.json: plural forms missing`).toEqual([]);
    });
  });
});
