import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useClipboardCopy } from '../../../lib/hooks/use-clipboard-copy';

/**
 * A payout address shown whole, in groups of four characters to read it against the wallet's screen: the groups are
 * spaced by CSS, not by spaces, so a selection copies the address as it is. The button copies it too.
 */
export function WholeAddress({ value }: { value: string }) {
  const { t } = useTranslation('admin-desk');
  const { copy, state } = useClipboardCopy();
  const Icon = state === 'copied' ? Check : Copy;
  return (
    <span className="admin-whole-address">
      <code dir="ltr">
        {(value.match(/.{1,4}/g) ?? []).map((group, index) => (
          <span key={index}>{group}</span>
        ))}
      </code>
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
    </span>
  );
}
