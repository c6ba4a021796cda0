import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

countries.registerLocale(english);

// Names the sign-up select shows that the ISO English list spells differently.
const extraAliases: Record<string, string> = {
  'holy see': 'VA',
  'palestine state': 'PS',
  'state of palestine': 'PS',
};

/** ISO 3166 alpha-2 code for an English name, alias or code; undefined when unknown. */
export function countryCode(input: string): string | undefined {
  const value = input.trim();
  if (/^[A-Za-z]{2}$/.test(value) && countries.isValid(value.toUpperCase())) return value.toUpperCase();
  return extraAliases[value.toLowerCase()] ?? countries.getAlpha2Code(value, 'en') ?? undefined;
}

/** E.164 form of a phone number, read in the context of the user's country. */
export function normalisePhone(input: string, country?: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input, country as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}
