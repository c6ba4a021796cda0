import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { sampleFiles } from './receipts';

/** One request the fuzz test sends: everything but the caller. */
export interface HostileRequest {
  path: string;
  headers: Record<string, string>;
  body?: BodyInit;
  /** The request in words, long strings shortened, for the failure report. */
  summary: string;
}

/** A valid request a route's own fields start from, so hostile values reach past the first check. */
export interface RouteTemplate {
  fields: () => Record<string, unknown>;
  query: Record<string, string>;
  /** The route reads multipart (a file upload), so most bodies are sent that way. */
  multipart?: boolean;
}

const megabyte = 'x'.repeat(1_000_000);

/** Strings that could break something between the socket and PostgreSQL. */
const nastyStrings = [
  '\ud83d\ude00',
  '\u202e\ufeff\uffff',
  '',
  ' ',
  '\t\n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0x10',
  '1_000',
  '12,50',
  '1.005',
  'null',
  'undefined',
  'true',
  '{}',
  '[]',
  "'; drop table users; --",
  '%',
  '_',
  '\\',
  '%00',
  '%ud800',
  '\\u0000',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  'ada@example.com',
  'a'.repeat(300),
  'é'.repeat(5_000),
];

/** Any UTF-16 code units, lone surrogates and NUL included. */
const anyCodeUnits = fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)), maxLength: 40 });

/** The longest valid e-mail address: with the client's address it once overflowed the rate-limit key. */
const longestEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;

/** Inputs that once caused 500s: characters PostgreSQL refuses, and the longest e-mail. */
const knownTroubles = ['\u0000', 'a\u0000b', 'x'.repeat(120) + '\u0000', '\ud800', 'b\udc00', 'x\udbffy', longestEmail];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...knownTroubles) },
  { weight: 6, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: anyCodeUnits },
  { weight: 1, arbitrary: fc.constantFrom(megabyte, 'y'.repeat(90_000)) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    -1,
    0,
    0.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    9_007_199_254_740_993,
    Number.MAX_VALUE,
    5e-324,
  ),
  fc.integer(),
  fc.double(),
);

const hostileLeaf = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '\u0000'), hostileLeaf, { maxKeys: 2 }),
  },
  { weight: 1, arbitrary: fc.constantFrom({ $gt: '' }, [[['deep']]], { a: { b: { c: { d: '\u0000' } } } }) },
);

/** Every body field name the API reads, and a few that only an attacker would send. */
const fieldNames = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'country',
  'password',
  'referralCode',
  'rememberMe',
  'address',
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'bitcoinAddress',
  'ethereumAddress',
  'usdtAddress',
  'litecoinAddress',
  'dogecoinAddress',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'verificationCode',
  'token',
  'name',
  'fullName',
  'budget',
  'subject',
  'message',
  'amount',
  'coin',
  'planId',
  'planName',
  'reason',
  'txHash',
  'method',
  '__proto__',
  'constructor',
  'role',
  'isAdmin',
];

const queryNames = [
  'page',
  'pageSize',
  'search',
  'status',
  'tab',
  'type',
  'currency',
  '__proto__',
  'constructor',
  'page[]',
  'a[b][c]',
  '\u0000',
];

/** Bodies that are not what they claim to be. */
const rawBodies = [
  '{"email": ',
  '{',
  '',
  'nul',
  '\u0000',
  '{"a":1}garbage',
  '"text"',
  '[]',
  'null',
  '1e308',
  '{"email":"\\ud800"}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}',
  '{"email":"a","email":{"x":1}}',
  `${'['.repeat(40_000)}${']'.repeat(40_000)}`,
  `{"a":${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}}`,
];

/** Hostile values for a route's `:params`, already in URL form. */
const rawParams = [
  '2147483648',
  '-1',
  '0',
  '1',
  '1e308',
  '1.5',
  'NaN',
  '9'.repeat(400),
  '00000000-0000-4000-8000-000000000000',
  '00000000-0000-4000-8000-00000000000g',
  '%00',
  '%ED%A0%80',
  '%F0',
  '%',
  '%25',
  '%2F..%2F',
  '__proto__',
  'constructor',
  'x'.repeat(20_000),
];

/** encodeURIComponent refuses lone surrogates; send the bytes a broken client would (CESU-8, not UTF-8). */
export function percentEncode(value: string) {
  let encoded = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    encoded += code >= 0xd800 && code <= 0xdfff ? cesu8(code) : encodeURIComponent(char);
  }
  return encoded;
}

const cesu8 = (unit: number) =>
  [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('');

const stringified = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

function formEncode(fields: Record<string, unknown>) {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value))
      for (const item of value) pairs.push(`${percentEncode(key)}[]=${percentEncode(stringified(item))}`);
    else if (value !== null && typeof value === 'object') {
      for (const [inner, item] of Object.entries(value))
        pairs.push(`${percentEncode(key)}[${percentEncode(inner)}]=${percentEncode(stringified(item))}`);
    } else pairs.push(`${percentEncode(key)}=${percentEncode(stringified(value))}`);
  }
  return pairs.join('&');
}

function multipart(fields: Record<string, unknown>, fileName: string | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, stringified(item));
  }
  if (fileName !== null) form.append('receipt', new Blob([new Uint8Array(sampleFiles.png())]), fileName);
  return form;
}

/** Long strings shortened, so a failure report stays readable. */
export const preview = (value: unknown) =>
  (
    JSON.stringify(value, (_key, item: unknown) =>
      typeof item === 'string' && item.length > 60 ? `${item.slice(0, 60)}…(${item.length} chars)` : item,
    ) ?? String(value)
  ).slice(0, 600);

const encodings = ['gzip', 'deflate', 'br', 'compress', 'gzip, br', 'identity', 'GZIP', 'real gzip'] as const;
const contentTypes = [
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/xml',
  'text/plain',
  '',
] as const;

const bodyKinds = (multipart: boolean) =>
  multipart
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant('multipart' as const) },
        fc.constantFrom('json' as const, 'form' as const, 'raw' as const),
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant('json' as const) },
        fc.constantFrom('form' as const, 'multipart' as const, 'text' as const, 'raw' as const),
      );

/** Mostly one of the route's own names (so hostile values reach its code), sometimes any other. */
const mostlyOwn = (own: string[], others: string[]) =>
  own.length > 0
    ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...own) }, fc.constantFrom(...others))
    : fc.constantFrom(...others);

/** `value` now and then, null (the usual) otherwise. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

/** Header values a client controls (printable Latin-1 only: fetch refuses anything else, as HTTP does). */
const headerValue = fc.oneof(
  fc.constantFrom(
    'x'.repeat(300),
    'y'.repeat(8_000),
    'not an ip',
    '1.2.3.4, 5.6.7.8, ::1',
    '::ffff:127.0.0.1',
    '',
    ' ',
    '%00',
    'ÿþ',
    '../../etc/passwd',
    '__proto__',
    'session=a.b.c',
    `session=${'e'.repeat(4_000)}`,
    'session=%00; session=x',
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 120 }),
);
const hostileHeaders = fc.dictionary(
  fc.constantFrom('x-forwarded-for', 'idempotency-key', 'cookie', 'origin', 'accept', 'x-request-id'),
  headerValue,
  { maxKeys: 1 },
);

/**
 * A hostile request for one route: hostile `:params` and query, the route's own fields overwritten
 * with hostile values (or a body that is not JSON at all), sent as JSON, a form, multipart or text,
 * sometimes with a Content-Type or Content-Encoding that does not match.
 */
export function hostileRequest(
  method: string,
  path: string,
  template: RouteTemplate,
  knownParams: string[],
): fc.Arbitrary<HostileRequest> {
  const paramNames = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const param = fc.oneof(
    fc.constantFrom(...rawParams, ...knownParams),
    hostileString.filter((s) => s.length < 5_000).map(percentEncode),
  );
  // A URL carries no lone surrogate (its bytes decode to U+FFFD), but it does carry NUL: %00.
  const queryValue = fc.oneof(
    { weight: 4, arbitrary: hostileString.filter((s) => s.length < 100_000).map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom('%00', 'a%00b') },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%ED%A0%80', '%') },
  );
  return fc
    .record({
      params: fc.tuple(...paramNames.map(() => param)),
      // One hostile name at a time: a second would often get the request refused before the first is read.
      query: fc.dictionary(mostlyOwn(Object.keys(template.query), queryNames), queryValue, {
        minKeys: method === 'get' ? 1 : 0,
        maxKeys: 1,
      }),
      repeatQuery: rarely(fc.constant(true)),
      overrides: fc.dictionary(mostlyOwn(Object.keys(template.fields()), fieldNames), hostileValue, {
        minKeys: 1,
        maxKeys: 2,
      }),
      kind: bodyKinds(template.multipart ?? false),
      raw: fc.constantFrom(...rawBodies),
      contentType: rarely(fc.constantFrom(...contentTypes)),
      encoding: rarely(fc.constantFrom(...encodings)),
      extraHeaders: rarely(hostileHeaders),
      fileName: fc.oneof(
        { weight: 4, arbitrary: fc.constant('receipt.png') },
        fc.constantFrom(null, 'a\u0000b.png', '\ud800.png', '../../etc/passwd', 'x'.repeat(5_000)),
      ),
    })
    .map(({ params, query, repeatQuery, overrides, kind, raw, contentType, encoding, extraHeaders, fileName }) => {
      let index = 0;
      const filledPath = path.replace(/:(\w+)/g, () => params[index++]!);
      const pairs = Object.entries({
        ...Object.fromEntries(Object.entries(template.query).map(([key, value]) => [key, percentEncode(value)])),
        ...query,
      }).map(([key, value]) => `${percentEncode(key)}=${value}`);
      // The same name twice makes the value an array (`?page=1&page=2`).
      const queryString = [...pairs, ...(repeatQuery ? pairs.slice(0, 1) : [])].join('&');
      const fields = { ...template.fields(), ...overrides };
      const headers: Record<string, string> = { ...extraHeaders };
      let body: BodyInit | undefined;
      let bodyText: string;
      if (method === 'get') {
        bodyText = 'no body';
      } else if (kind === 'multipart') {
        body = multipart(fields, fileName);
        bodyText = `multipart ${preview(fields)} file=${preview(fileName)}`;
      } else {
        const text = kind === 'raw' ? raw : kind === 'form' ? formEncode(fields) : JSON.stringify(fields);
        headers['content-type'] = {
          json: 'application/json',
          raw: 'application/json',
          form: 'application/x-www-form-urlencoded',
          text: 'text/plain',
        }[kind];
        if (contentType !== null) headers['content-type'] = contentType;
        body = encoding === 'real gzip' ? new Uint8Array(gzipSync(text)) : text;
        bodyText = `${kind} ${kind === 'raw' ? preview(raw) : preview(fields)}`;
      }
      if (encoding) headers['content-encoding'] = encoding === 'real gzip' ? 'gzip' : encoding;
      const fullPath = queryString ? `${filledPath}?${queryString}` : filledPath;
      const shownHeaders = Object.entries(headers)
        .map(
          ([name, value]) => `${name}: ${value.length > 60 ? `${value.slice(0, 60)}…(${value.length} chars)` : value}`,
        )
        .join('; ');
      return { path: fullPath, headers, body, summary: `${preview(fullPath)} [${shownHeaders}] ${bodyText}` };
    });
}
