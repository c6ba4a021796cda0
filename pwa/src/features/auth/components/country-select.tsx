import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { countryOptions } from '../../../lib/countries';

type CountrySelectProps = { value: string; onValueChange: (code: string) => void; error?: string };

/** ISO 3166 countries named in the reader's language; memoised so typing elsewhere does not redraw ~250 options. */
export const CountrySelect = memo(function CountrySelect({ value, onValueChange, error }: CountrySelectProps) {
  const { t, i18n } = useTranslation('auth');
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
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
