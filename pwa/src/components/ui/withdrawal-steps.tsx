import { Check, Copy, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../../../api/contracts/answers';
import { useFormat } from '../../lib/format';
import { useClipboardCopy } from '../../lib/hooks/use-clipboard-copy';
import './withdrawal-steps.css';

type StepState = 'done' | 'current' | 'upcoming';
type Step = { key: string; state: StepState; text: string; extra?: ReactNode };

/** How far a withdrawal has come: each step before its status is done, the one it waits on is current. */
const reached: Record<Withdrawal['status'], number> = {
  pending: 1,
  approved: 2,
  in_batch: 2,
  broadcast: 3,
  paid: 5,
  rejected: 0,
};

/** A transaction id short enough for a phone's line: its start and end; the link's title and the copy hold it whole. */
const shortTxid = (txid: string) => (txid.length > 18 ? `${txid.slice(0, 10)}…${txid.slice(-6)}` : txid);

/** The payment's transaction: its short id linked to the chain's explorer (where one is configured), and a copy button. */
function Transaction({ txid, explorerUrl }: { txid: string; explorerUrl: string | null }) {
  const { t } = useTranslation('funds');
  const { copy, state } = useClipboardCopy();
  const Icon = state === 'copied' ? Check : Copy;
  const text = (
    <span dir="ltr" className="withdrawal-steps__txid">
      {shortTxid(txid)}
    </span>
  );
  return (
    <span className="withdrawal-steps__tx">
      {explorerUrl ? (
        <a href={explorerUrl} target="_blank" rel="noopener noreferrer" title={txid}>
          {text}
          <ExternalLink aria-hidden="true" size={14} strokeWidth={2} />
          <span className="visually-hidden"> {t('withdrawalSteps.explorer')}</span>
        </a>
      ) : (
        text
      )}
      <button
        type="button"
        className="withdrawal-steps__copy"
        aria-label={t('withdrawalSteps.copyTxid')}
        title={t('withdrawalSteps.copyTxid')}
        onClick={() => void copy(txid)}
      >
        <Icon aria-hidden="true" size={16} strokeWidth={2} />
      </button>
      {state !== 'idle' && (
        <span role="status" className="visually-hidden">
          {state === 'copied' ? t('withdrawalSteps.copied') : t('withdrawalSteps.copyFailed')}
        </span>
      )}
    </span>
  );
}

/**
 * A withdrawal's way out: requested → approved (its coin amount and rate, fixed then) → sent (in a batch waiting for
 * the operator's signature first, on a UTXO chain; then the transaction, linked to the explorer) → N of M
 * confirmations → paid. A coin with no chain configured is paid by an admin by hand, which it says instead, since
 * nothing is checked on chain. A rejected one has no steps (its status and reason say it).
 */
export function WithdrawalSteps({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  if (withdrawal.status === 'rejected') return null;
  if (!withdrawal.onChain && !withdrawal.payableOnChain) {
    const note = withdrawal.status === 'paid' ? 'markedPaid' : 'paidByHand';
    return <p className="withdrawal-steps__manual">{t(`withdrawalSteps.${note}`)}</p>;
  }
  const position = reached[withdrawal.status];
  const stateOf = (index: number): StepState =>
    index < position ? 'done' : index === position ? 'current' : 'upcoming';
  const coin = withdrawal.coin ? t(`coins.${withdrawal.coin}`, { defaultValue: withdrawal.coin }) : '';
  const approved = withdrawal.coinAmount
    ? withdrawal.rate
      ? t('withdrawalSteps.approvedAtRate', {
          coins: format.isolate(`${withdrawal.coinAmount} ${coin}`),
          // No-break spaces: the rate is read as one unit, never cut at the end of a phone's line.
          rate: format.isolate(`1 ${coin} = ${format.currency(Number(withdrawal.rate))}`.replace(/ /g, '\u00a0')),
        })
      : t('withdrawalSteps.approvedAmount', { coins: format.isolate(`${withdrawal.coinAmount} ${coin}`) })
    : t(position === 1 ? 'withdrawalSteps.awaitingApproval' : 'withdrawalSteps.approved');
  // Until it is sent the step says what it waits on: the next batch, the operator's signature, or their wallet.
  const sending =
    withdrawal.status === 'in_batch'
      ? 'inBatch'
      : withdrawal.status === 'approved'
        ? withdrawal.paidInBatch
          ? 'toBatch'
          : 'toSend'
        : 'sent';
  const confirmations =
    withdrawal.required !== null
      ? t('onChain.confirmations', {
          done: format.number(Math.min(withdrawal.confirmations ?? 0, withdrawal.required)),
          required: format.number(withdrawal.required),
        })
      : t('withdrawalSteps.confirming');
  const steps: Step[] = [
    { key: 'requested', state: stateOf(0), text: t('withdrawalSteps.requested') },
    { key: 'approved', state: stateOf(1), text: approved },
    {
      key: 'sent',
      state: stateOf(2),
      text: t(`withdrawalSteps.${sending}`),
      extra: withdrawal.txid ? <Transaction txid={withdrawal.txid} explorerUrl={withdrawal.explorerUrl} /> : undefined,
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
          {step.extra && (
            <>
              {' · '}
              {step.extra}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
