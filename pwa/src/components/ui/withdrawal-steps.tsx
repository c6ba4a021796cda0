import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../../../api/contracts/answers';
import { useFormat } from '../../lib/format';
import './withdrawal-steps.css';

type StepState = 'done' | 'current' | 'upcoming';
type Step = { key: string; state: StepState; text: string; link?: { href: string; text: string } };

/** How far a withdrawal has come: each step before its status is done, the one it waits on is current. */
// In a batch is, for the investor, still waiting to be sent.
const reached: Record<Withdrawal['status'], number> = {
  pending: 1,
  approved: 2,
  in_batch: 2,
  broadcast: 3,
  paid: 5,
  rejected: 0,
};

/**
 * A withdrawal's way out: requested → approved (its coin amount) → sent (the explorer link) → confirmations → paid.
 * One marked paid by hand says so instead, since nothing was checked on chain. A rejected one has no steps.
 */
export function WithdrawalSteps({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  if (withdrawal.status === 'rejected') return null;
  if (withdrawal.status === 'paid' && !withdrawal.onChain) {
    return <p className="withdrawal-steps__manual">{t('withdrawalSteps.markedPaid')}</p>;
  }
  const position = reached[withdrawal.status];
  const stateOf = (index: number): StepState =>
    index < position ? 'done' : index === position ? 'current' : 'upcoming';
  const coin = withdrawal.coin ? t(`coins.${withdrawal.coin}`, { defaultValue: withdrawal.coin }) : '';
  const confirmations =
    withdrawal.required !== null
      ? t('withdrawalSteps.confirmations', {
          done: format.number(Math.min(withdrawal.confirmations ?? 0, withdrawal.required)),
          required: format.number(withdrawal.required),
        })
      : t('withdrawalSteps.confirming');
  const steps: Step[] = [
    { key: 'requested', state: stateOf(0), text: t('withdrawalSteps.requested') },
    {
      key: 'approved',
      state: stateOf(1),
      text: withdrawal.coinAmount
        ? t('withdrawalSteps.approvedAmount', { coins: format.isolate(`${withdrawal.coinAmount} ${coin}`) })
        : t('withdrawalSteps.approved'),
    },
    {
      key: 'sent',
      state: stateOf(2),
      text: t('withdrawalSteps.sent'),
      link: withdrawal.explorerUrl ? { href: withdrawal.explorerUrl, text: t('withdrawalSteps.explorer') } : undefined,
    },
    { key: 'confirmations', state: stateOf(3), text: confirmations },
    { key: 'paid', state: stateOf(4), text: t('withdrawalSteps.paid') },
  ];
  return (
    <ol className="withdrawal-steps" aria-label={t('withdrawalSteps.label')}>
      {steps.map((step) => (
        <li key={step.key} className={`withdrawal-steps__step withdrawal-steps__step--${step.state}`}>
          <span className="visually-hidden">{t(`withdrawalSteps.state.${step.state}`)} </span>
          {step.text}
          {step.link && (
            <>
              {' · '}
              <a href={step.link.href} target="_blank" rel="noopener noreferrer">
                {step.link.text}
              </a>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
