import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useClipboardCopy } from '../../../lib/hooks/use-clipboard-copy';

/** 'Refer Us & Earn': the investor's own referral link from the API, with a Copy button. */
export function ReferralLinkBox({ referralLink }: { referralLink: string }) {
  const { t } = useTranslation('investor');
  const { copy, state } = useClipboardCopy();
  const headingId = useId();
  const inputId = useId();
  return (
    <Card as="section" className="dashboard-refer" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboard.referTitle')}</h2>
      <p>{t('dashboard.referText')}</p>
      <label htmlFor={inputId} className="field__label">
        {t('dashboard.referralLinkLabel')}
      </label>
      <div className="dashboard-refer__row">
        <input
          id={inputId}
          className="field__control"
          value={referralLink}
          readOnly
          dir="ltr"
          onFocus={(event) => event.target.select()}
        />
        <Button onClick={() => void copy(referralLink)}>{t('common.copy')}</Button>
      </div>
      <p role="status" className={state === 'failed' ? 'dashboard-refer__failed' : 'dashboard-refer__copied'}>
        {state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copyFailed') : ''}
      </p>
    </Card>
  );
}
