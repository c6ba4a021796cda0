import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useClipboardCopy } from '../../../lib/hooks/use-clipboard-copy';

export type ShortValueKind = 'id' | 'email' | 'hash';

/**
 * An id, e-mail or hash on one line in a table: cut with an ellipsis to the column's width (the whole value is
 * still the text, so screen readers and find-in-page get all of it), drawn whole above it on hover or when its
 * copy button has focus (a CSS box from data-full, silent for screen readers, which read the text already), and
 * copied whole by that button.
 */
export function ShortValue({ value, kind }: { value: string; kind: ShortValueKind }) {
  const { t } = useTranslation('admin-desk');
  const { copy, state } = useClipboardCopy();
  const dir = kind === 'email' ? 'auto' : 'ltr';
  const Icon = state === 'copied' ? Check : Copy;
  return (
    <span className={`admin-short admin-short--${kind}`} data-short-value={kind} data-full={value}>
      <span className="admin-short__text" dir={dir}>
        {value}
      </span>
      <button
        type="button"
        className="admin-short__copy"
        aria-label={t('copy.label', { value })}
        onClick={() => void copy(value)}
      >
        <Icon aria-hidden="true" size={16} strokeWidth={2} />
      </button>
      {/* Only while there is news: a page of values would otherwise hold dozens of empty live regions. */}
      {state !== 'idle' && (
        <span role="status" className="visually-hidden">
          {state === 'copied' ? t('copy.copied') : t('copy.failed')}
        </span>
      )}
    </span>
  );
}
