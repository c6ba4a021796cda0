import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-store';
import { restoreEmail } from '../api/auth-api';
import { AuthCard, FormMessage } from '../components/auth-card';
import { serverErrorMessage } from '../utils/auth-messages';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Opened from the notice an old address gets after an e-mail change. A button, not the page
 * load, does the restore, so mail scanners that prefetch links cannot use the token.
 */
export function RestoreEmailPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token ? null : { tone: 'error', text: t('restoreEmail.missingToken') },
  );
  const [busy, setBusy] = useState(false);

  async function restore() {
    setBusy(true);
    try {
      await restoreEmail(token);
      clearSession();
      setOutcome({ tone: 'success', text: t('restoreEmail.done') });
    } catch (error) {
      const expired = error instanceof ApiError && error.status === 400;
      const taken = error instanceof ApiError && error.status === 409;
      setOutcome({
        tone: 'error',
        text: expired ? t('restoreEmail.expired') : taken ? t('restoreEmail.taken') : serverErrorMessage(error, t),
      });
    } finally {
      setBusy(false);
    }
  }

  const done = outcome?.tone === 'success';
  return (
    <AuthCard
      title={t('restoreEmail.title')}
      lead={t('restoreEmail.lead')}
      footer={<Link to={paths.resetPassword}>{t('restoreEmail.resetPassword')}</Link>}
    >
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      {token && !done && (
        <Button type="button" block size="lg" busy={busy} onClick={() => void restore()}>
          {busy ? t('restoreEmail.restoring') : t('restoreEmail.submit')}
        </Button>
      )}
      {done && <ButtonLink to={paths.signIn}>{t('restoreEmail.signIn')}</ButtonLink>}
    </AuthCard>
  );
}
