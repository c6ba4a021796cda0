import countries from 'i18n-iso-countries';
import type { SelectOption } from '../components/ui/select';

const alpha2Codes = Object.keys(countries.getAlpha2Codes());

/** Every ISO 3166 country as {alpha-2 code, name in the reader's language}, sorted for that language (sign-up, profile). */
export function countryOptions(language: string): SelectOption[] {
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  return alpha2Codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
