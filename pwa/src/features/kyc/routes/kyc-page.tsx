import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleDashed, Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycStatusAnswer } from '../../../../../api/contracts/kyc';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { amountSlots, SentenceWithAmounts } from '../../../components/ui/sentence-with-amounts';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useUserData } from '../../../lib/queries/investor';
import { resendVerification, useKycStatus } from '../api/kyc';
import { KycForm } from '../components/kyc-form';
import '../kyc.css';

type Step = { key: string; done: boolean; waiting?: boolean; text: string };

function LimitsCard({ status }: { status: KycStatusAnswer }) {
  const { t } = useTranslation('kyc');
  const format = useFormat();
  return (
    <Card as="section" className="kyc-card" aria-labelledby="kyc-level-title">
      <h2 id="kyc-level-title" className="kyc-card__title">
        {/* In the language's digits, as the sentence under it writes them (Persian's ۰, not 0). */}
        {t('level.title', { level: format.number(status.level) })}
      </h2>
      <p>{t(`level.explain${status.level}`)}</p>
      {status.limits && (
        <dl className="kyc-limits">
          {(['deposit', 'withdrawal'] as const).map((kind) => {
            const { limit, used } = status.limits![kind];
            return (
              <div key={kind} className="kyc-limits__row">
                <dt>{t(`limits.${kind}`)}</dt>
                <dd>
                  <span>
                    <SentenceWithAmounts
                      text={t('limits.used', amountSlots('used', 'limit'))}
                      dollars={{ used, limit }}
                    />
                  </span>
                  <meter min={0} max={limit} value={Math.min(used, limit)} aria-label={t(`limits.${kind}`)} />
                  <span className="kyc-limits__left">
                    <SentenceWithAmounts
                      text={t('limits.left', amountSlots('left'))}
                      dollars={{ left: Math.max(0, limit - used) }}
                    />
                  </span>
                </dd>
              </div>
            );
          })}
          <p className="kyc-limits__window">{t('limits.window')}</p>
        </dl>
      )}
    </Card>
  );
}

function NextSteps({ status, email }: { status: KycStatusAnswer; email?: string }) {
  const { t } = useTranslation('kyc');
  const resend = useMutation({ networkMode: 'always', mutationFn: () => resendVerification(email ?? '') });
  const submission = status.submission?.status;
  const steps: Step[] = [
    { key: 'email', done: status.emailVerified, text: status.emailVerified ? t('next.emailDone') : t('next.email') },
    {
      key: 'identity',
      done: submission === 'approved',
      waiting: submission === 'pending',
      text:
        submission === 'approved'
          ? t('next.identityDone')
          : submission === 'pending'
            ? t('next.identityWaiting')
            : t('next.identity'),
    },
  ];
  return (
    <Card as="section" className="kyc-card" aria-labelledby="kyc-next-title">
      <h2 id="kyc-next-title" className="kyc-card__title">
        {t('next.title')}
      </h2>
      <ol className="kyc-steps">
        {steps.map((step) => {
          const Icon = step.done ? CircleCheck : step.waiting ? Clock : CircleDashed;
          return (
            <li key={step.key} className={`kyc-steps__item${step.done ? ' kyc-steps__item--done' : ''}`}>
              <Icon aria-hidden="true" size={20} strokeWidth={2} />
              <span>{step.text}</span>
            </li>
          );
        })}
      </ol>
      {!status.emailVerified && email && (
        <div className="kyc-card__actions">
          <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
            {t('next.resend')}
          </Button>
          {resend.isSuccess && <p role="status">{t('next.resent', { email })}</p>}
          {resend.isError && <p role="alert">{t('next.resendError')}</p>}
        </div>
      )}
    </Card>
  );
}

function SubmissionCard({ status, onResubmit }: { status: KycStatusAnswer; onResubmit: () => void }) {
  const { t } = useTranslation('kyc');
  const format = useFormat();
  const submission = status.submission!;
  return (
    <Card
      as="section"
      className={`kyc-card kyc-status kyc-status--${submission.status}`}
      aria-labelledby="kyc-status-title"
    >
      <h2 id="kyc-status-title" className="kyc-card__title">
        {t(`status.${submission.status}`)}
      </h2>
      <p>{t('status.submittedAt', { date: format.dateTime(submission.submittedAt) })}</p>
      {submission.status === 'pending' && <p>{t('status.pendingExplain')}</p>}
      {submission.status === 'approved' && submission.decidedAt && (
        <p>{t('status.approvedAt', { date: format.dateTime(submission.decidedAt) })}</p>
      )}
      {submission.status === 'rejected' && (
        <>
          <p className="kyc-status__reason">
            <span>{t('status.reason')}</span> <bdi>{submission.reason}</bdi>
          </p>
          <Button onClick={onResubmit}>{t('status.resubmit')}</Button>
        </>
      )}
    </Card>
  );
}

/** /kyc: the investor's identity level, their limits and what they used, what comes next, and the identity form. */
export function KycPage() {
  const { t } = useTranslation('kyc');
  const status = useKycStatus();
  const user = useUserData();
  const [resubmitting, setResubmitting] = useState(false);

  let content;
  if (status.data) {
    const data = status.data;
    const canSubmit =
      data.emailVerified && (!data.submission || (data.submission.status === 'rejected' && resubmitting));
    content = (
      <>
        <LimitsCard status={data} />
        <NextSteps status={data} email={user.data?.email} />
        {data.submission && <SubmissionCard status={data} onResubmit={() => setResubmitting(true)} />}
        {canSubmit && (
          <Card as="section" className="kyc-card" aria-labelledby="kyc-form-title">
            <h2 id="kyc-form-title" className="kyc-card__title">
              {t('form.title')}
            </h2>
            <p>{t('form.intro')}</p>
            <KycForm onSent={() => setResubmitting(false)} />
          </Card>
        )}
      </>
    );
  } else if (status.error) {
    const offline = status.error instanceof ApiError && status.error.status === 0;
    content = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('offline') : t('error')}</p>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    content = <p role="status">{t('loading')}</p>;
  }

  return (
    <div className="kyc-page">
      <h1 className="kyc-page__title">{t('title')}</h1>
      {content}
    </div>
  );
}
