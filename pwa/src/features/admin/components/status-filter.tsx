import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Select } from '../../../components/ui/select';

/** The status filter of a list, kept in the URL (?status=) so the dashboard can link to the pending list. */
export function useStatusFilter<T extends string>(choices: readonly T[], fallback: T): [T, (next: T) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('status');
  const current = choices.find((choice) => choice === asked) ?? fallback;
  const set = (next: T) => setSearchParams(next === fallback ? {} : { status: next }, { replace: true });
  return [current, set];
}

export function StatusFilter<T extends string>({
  choices,
  value,
  onChange,
}: {
  choices: readonly T[];
  value: T;
  onChange: (next: T) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-filter">
      <Select
        label={t('filter.label')}
        value={value}
        options={choices.map((choice) => ({ value: choice, label: t(`filter.${choice}`) }))}
        onChange={(event) => onChange(event.target.value as T)}
      />
    </div>
  );
}
