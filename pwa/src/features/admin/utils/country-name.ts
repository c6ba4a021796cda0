import { useTranslation } from 'react-i18next';

/** An ISO 3166 code (stored as such) named in the admin's language: 'FR' → 'France', 'Frankreich', 'フランス'… */
export function useCountryName() {
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code: string | null) => {
    if (!code) return '—';
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
