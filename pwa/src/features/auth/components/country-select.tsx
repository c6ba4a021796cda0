import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { countryOptions } from '../../../lib/countries';
import { useHydrating } from '../../../lib/hydration/use-hydrating';

type CountrySelectProps = { value: string; onValueChange: (code: string) => void; error?: string };

/** ISO 3166 countries named in the reader's language; memoised so typing elsewhere does not redraw ~250 options. */
export const CountrySelect = memo(function CountrySelect({ value, onValueChange, error }: CountrySelectProps) {
  const { t, i18n } = useTranslation('auth');
  // Country names come from the browser's own locale data, which the build's may not match: a page rendered at
  // build time lists them once React runs.
  const hydrating = useHydrating();
  const options = useMemo(() => (hydrating ? [] : countryOptions(i18n.language)), [hydrating, i18n.language]);
  return (
    <Select
      label={t('fields.country')}
      name="country"
      autoComplete="country"
      placeholder={t('fields.countryPlaceholder')}
      options={options}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={error}
    />
  );
});
