import { useTranslation } from 'react-i18next';
import { useClipboardCopy } from '../../../lib/use-clipboard-copy';

/** Copies a value (a payout address) and says so where a screen reader hears it. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('admin');
  const { copy, state } = useClipboardCopy();
  return (
    <span className="admin-copy">
      <button type="button" className="admin-copy__button" aria-label={label} onClick={() => void copy(value)}>
        {t('copy.button')}
      </button>
      <span role="status" className="admin-copy__state">
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
