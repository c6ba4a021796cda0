import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../pwa/src/config/languages';

const localesDir = import.meta.dirname;
const namespaces = readdirSync(join(localesDir, 'en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -5));

type Tree = { [key: string]: string | Tree };

/** 'a.b.c' → value for every leaf of a nested translation file. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [leaf, leafValue] of flatten(value, path)) leaves.set(leaf, leafValue);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

function load(language: string, namespace: string): Map<string, unknown> | undefined {
  const file = join(localesDir, language, `${namespace}.json`);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree) : undefined;
}

const placeholders = (text: unknown) =>
  typeof text === 'string' ? (text.match(/{{\s*[\w.]+\s*}}/g) ?? []).sort() : [];

describe('translations are complete', () => {
  it('has English texts to compare against', () => {
    expect(namespaces).toContain('common');
  });

  describe.each(LANGUAGE_CODES)('%s', (language) => {
    it.each(namespaces)(`has every English key of %s.json, none empty, with the same {{placeholders}}`, (namespace) => {
      const english = load('en', namespace)!;
      const translated = load(language, namespace);
      expect(translated, `locales/${language}/${namespace}.json is missing`).toBeDefined();
      const missing: string[] = [];
      const empty: string[] = [];
      const wrongPlaceholders: string[] = [];
      for (const [key, englishText] of english) {
        const text = translated!.get(key);
        if (text === undefined) missing.push(key);
        else if (typeof text !== 'string' || text.trim() === '') empty.push(key);
        else if (placeholders(text).join() !== placeholders(englishText).join()) wrongPlaceholders.push(key);
      }
      expect(missing, `${language}/${namespace}: keys missing`).toEqual([]);
      expect(empty, `${language}/${namespace}: empty values`).toEqual([]);
      expect(wrongPlaceholders, `${language}/${namespace}: {{placeholders}} differ from English`).toEqual([]);
    });
  });
});

// The landing's hero is rendered into HTML at build time, and the plans section's intro sits above plans read from
// the server: a figure in them (how many plans, how long, from how much) would go stale as soon as an operator
// edits a plan at /admin/plans. The figures come with the plans themselves.
describe('texts shown beside plans that operators edit', () => {
  const planFreeKeys = ['hero.slide1Title', 'hero.slide1Text', 'hero.slide2Title', 'hero.slide2Text', 'plans.intro'];

  it.each(LANGUAGE_CODES)('state no plan figures in %s', (language) => {
    const home = load(language, 'home')!;
    const withFigures = planFreeKeys.filter((key) => /\p{Nd}/u.test(String(home.get(key))));
    expect(withFigures, `${language}/home.json: digits in texts that must not state plan figures`).toEqual([]);
  });

  it('spell out no count of plans or days in English', () => {
    const home = load('en', 'home')!;
    const counted = planFreeKeys.filter((key) =>
      /\b(one|two|three|four|five|six|seven|eight|nine|ten)\b/i.test(String(home.get(key))),
    );
    expect(counted).toEqual([]);
  });
});
