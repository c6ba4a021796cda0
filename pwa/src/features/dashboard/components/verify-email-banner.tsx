import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationCodeLifetimeMinutes } from '../../../../../api/contracts/accounts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useUserData } from '../../../lib/queries/investor';
import { useResendVerificationCode } from '../api/resend-verification';
import './verify-email-banner.css';

type Outcome = { tone: 'success' | 'error'; text: string };

/**
 * Until the investor's e-mail is verified: where the code went and how long it works, a way to the page that takes
 * it, and a new code (the server limits how many). Gone once GET /api/session says the address is verified.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation('investor');
  const format = useFormat();
  const titleId = useId();
  const { data: user } = useUserData();
  const resend = useResendVerificationCode();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!user || user.emailVerified) return null;

  const email = user.email;
  const lifetime = (minutes: number) => format.number(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  const sendAgain = () => {
    setOutcome(null);
    resend.mutate(email, {
      onSuccess: ({ expiresInMinutes }) =>
        setOutcome({
          tone: 'success',
          text: t('dashboard.verifyEmail.sent', { email, lifetime: lifetime(expiresInMinutes) }),
        }),
      onError: (error) => setOutcome({ tone: 'error', text: refusal(error) }),
    });
  };
  const refusal = (error: unknown) => {
    if (error instanceof ApiError && error.status === 429) {
      const when = format.age(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
      return t('dashboard.verifyEmail.tooMany', { when });
    }
    if (error instanceof ApiError && error.status === 0) return t('dashboard.verifyEmail.offline');
    return t('dashboard.verifyEmail.failed');
  };

  return (
    <section className="notice verify-email-banner" aria-labelledby={titleId}>
      <h2 id={titleId} className="verify-email-banner__title">
        {t('dashboard.verifyEmail.title')}
      </h2>
      <p>
        {t('dashboard.verifyEmail.body', {
          email: format.isolate(email),
          lifetime: lifetime(verificationCodeLifetimeMinutes),
        })}
      </p>
      <div className="verify-email-banner__actions">
        <ButtonLink size="sm" to={`${paths.emailVerification}?email=${encodeURIComponent(email)}`}>
          {t('dashboard.verifyEmail.enterCode')}
        </ButtonLink>
        <Button size="sm" variant="secondary" busy={resend.isPending} onClick={sendAgain}>
          {resend.isPending ? t('dashboard.verifyEmail.sending') : t('dashboard.verifyEmail.sendAgain')}
        </Button>
      </div>
      {outcome && (
        <p className="verify-email-banner__outcome" role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
