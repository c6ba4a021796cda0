import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { confirmPayoutAddress } from '../../../lib/account-security/payout-addresses';
import { AuthCard, FormMessage } from '../components/auth-card';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** Opened from the e-mail after a payout-address change; a button (not the page load) confirms, so link scanners cannot. */
export function ConfirmPayoutAddressPage() {
  const { t } = useTranslation('security');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { tone: 'error', text: t('payout.expired') });
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const { holdHours } = await confirmPayoutAddress(token);
      setOutcome({ tone: 'success', text: t('payout.confirmed', { hours: holdHours }) });
    } catch (error) {
      setOutcome({
        tone: 'error',
        text: error instanceof ApiError && error.status === 400 ? t('payout.expired') : t('failed'),
      });
    } finally {
      setBusy(false);
    }
  }

  const done = outcome?.tone === 'success';
  return (
    <AuthCard title={t('payout.confirmTitle')} lead={t('payout.confirmLead')}>
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      {token && !done && (
        <Button type="button" block size="lg" busy={busy} onClick={() => void confirm()}>
          {t('payout.confirmButton')}
        </Button>
      )}
      {done && <ButtonLink to={paths.withdrawPage}>{t('payout.toWithdraw')}</ButtonLink>}
    </AuthCard>
  );
}
