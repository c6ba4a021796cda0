import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FALLBACK_LANGUAGE, isLanguageCode, LANGUAGE_CODES } from '../../contracts/languages';
import { termsDocumentSections, type TermsDocument } from '../../contracts/terms';

const localesDir = resolve(import.meta.dirname, '../../../locales');

type DocumentTexts = Record<string, string | undefined>;

function readDocument(language: string): DocumentTexts | undefined {
  const file = join(localesDir, language, 'terms.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as { document?: DocumentTexts }).document;
}

function toDocument(texts: DocumentTexts, english: DocumentTexts): TermsDocument {
  const text = (key: string) => texts[key] || english[key] || '';
  return {
    title: text('title'),
    notice: text('notice'),
    sections: termsDocumentSections.map(([heading, ...paragraphs]) => ({
      heading: text(heading),
      paragraphs: paragraphs.map(text).filter(Boolean),
    })),
  };
}

/** The current texts of the terms and risk disclosure in every language, as `locales/<lang>/terms.json` has them. */
export function currentTermsTexts(): Record<string, TermsDocument> {
  const english = readDocument(FALLBACK_LANGUAGE) ?? {};
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => [language, toDocument(readDocument(language) ?? english, english)]),
  );
}

/** The text in `language`, else English. */
export function textIn(texts: Record<string, TermsDocument>, language: string | undefined): [string, TermsDocument] {
  if (language && isLanguageCode(language) && texts[language]) return [language, texts[language]];
  return [FALLBACK_LANGUAGE, texts[FALLBACK_LANGUAGE] ?? Object.values(texts)[0]!];
}
