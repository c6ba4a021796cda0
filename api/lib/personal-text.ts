/**
 * Blanking a person's text where it was copied into other records (audit before/after, operator notices, mail):
 * every occurrence of one of their values (e-mail, name, phone…) becomes `[erased]`, case-insensitively, in strings
 * and, walking JSON, in every string value and key-value alike. Values under 3 characters are not looked for: they
 * would blank unrelated words.
 */
export const erasedText = '[erased]';

export type PersonalValues = readonly string[];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The values worth looking for: trimmed, 3 characters or more, longest first (so a full name goes before a part). */
export function personalValues(values: readonly (string | null | undefined)[]): string[] {
  const kept = new Set<string>();
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed && trimmed.length >= 3) kept.add(trimmed);
  }
  return [...kept].sort((a, b) => b.length - a.length);
}

/** `text` with every occurrence of `values` replaced by `[erased]`. */
export function scrubText(text: string, values: PersonalValues): string {
  if (values.length === 0) return text;
  const pattern = new RegExp(values.map(escapeRegExp).join('|'), 'gi');
  return text.replace(pattern, erasedText);
}

/** A JSON value with every string (and object key) scrubbed. */
export function scrubJson(value: unknown, values: PersonalValues): unknown {
  if (typeof value === 'string') return scrubText(value, values);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [scrubText(key, values), scrubJson(item, values)]),
    );
  }
  return value;
}

/** ILIKE patterns finding any of `values` inside a text (the `%` and `_` of the values taken literally). */
export const likePatterns = (values: PersonalValues) =>
  values.map((value) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
