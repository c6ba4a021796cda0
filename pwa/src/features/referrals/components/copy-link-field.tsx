import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useClipboardCopy } from '../../../lib/hooks/use-clipboard-copy';

/** A read-only link with a Copy button and a spoken result. */
export function CopyLinkField({ label, link }: { label: string; link: string }) {
  const { t } = useTranslation('investor');
  const { copy, state } = useClipboardCopy();
  const inputId = useId();
  return (
    <div className="referral-link">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className="referral-link__row">
        <input
          id={inputId}
          className="field__control"
          value={link}
          readOnly
          dir="ltr"
          onFocus={(event) => event.target.select()}
        />
        <Button onClick={() => void copy(link)}>{t('common.copy')}</Button>
      </div>
      <p role="status" className={state === 'failed' ? 'referral-link__failed' : 'referral-link__copied'}>
        {state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copyFailed') : ''}
      </p>
    </div>
  );
}
