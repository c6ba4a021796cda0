import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GroupedAddress } from '../../../components/ui/grouped-address';
import { useClipboardCopy } from '../../../lib/hooks/use-clipboard-copy';

/** A payout address whole, grouped for reading (GroupedAddress), with a button that copies it. */
export function WholeAddress({ value }: { value: string }) {
  const { t } = useTranslation('admin-desk');
  const { copy, state } = useClipboardCopy();
  const Icon = state === 'copied' ? Check : Copy;
  return (
    <GroupedAddress value={value}>
      <button
        type="button"
        className="admin-short__copy"
        aria-label={t('copy.label', { value })}
        onClick={() => void copy(value)}
      >
        <Icon aria-hidden="true" size={16} strokeWidth={2} />
      </button>
      {state !== 'idle' && (
        <span role="status" className="visually-hidden">
          {state === 'copied' ? t('copy.copied') : t('copy.failed')}
        </span>
      )}
    </GroupedAddress>
  );
}
