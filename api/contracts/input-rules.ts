import { z } from 'zod';

// The building blocks of every request schema, shared by the API and the PWA's forms: no server-only
// imports here. Request strings start from safeString(), integer ids and page numbers from pgInt().

/** A UTF-16 surrogate without its partner: not a character, and PostgreSQL's text and jsonb refuse it. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const forbiddenCharactersMessage = 'must not contain NUL or unpaired surrogate characters';

/** NUL (PostgreSQL cannot store it in text) or a lone surrogate: refused in every request string. */
export const hasForbiddenCharacters = (value: string) => value.includes('\u0000') || loneSurrogate.test(value);

/** `z.string()` that refuses NUL and lone surrogates; chain `.trim()`, `.max()` etc. as usual. */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasForbiddenCharacters(value), forbiddenCharactersMessage);

/** The largest value of PostgreSQL's `integer` (int4): plan ids, page numbers and sizes stay within it. */
export const pgIntMax = 2_147_483_647;

/** A whole number from `min` to `max` (inside PostgreSQL's `integer`); numeric strings, as in query strings, are accepted. */
export const pgInt = (min = 1, max = pgIntMax) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** An integer id column (`integer` primary key): 1..2147483647. */
export const intId = pgInt();

/** `?page=`: 1 or more, 1 by default. */
export const pageNumber = pgInt().default(1);

/** `?pageSize=`: 1..max, `fallback` by default. */
export const pageSize = (max: number, fallback: number) => pgInt(1, max).default(fallback);
