import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useFormat } from '../../../lib/format';
import type { PayoutBatch } from '../api/payout-batches';
import { money } from '../utils/money';
import { addCoinAmounts, coinText } from '../utils/payout-amounts';
import { BumpFeeForm } from './bump-fee-form';
import { FormOutcome, type Outcome } from './form-outcome';
import { ShortValue } from './short-value';
import { StatusBadge } from './status-badge';
import { UnsignedBatchActions } from './unsigned-batch-actions';
import { WholeAddress } from './whole-address';

export const batchAnchor = (id: string) => `payout-batch-${id}`;

/** A link to another batch of the list (a fee bump and the batch it replaces), worded whole. */
const BatchLink = ({ id, children }: { id: string; children: ReactNode }) => (
  <a href={`#${batchAnchor(id)}`}>{children}</a>
);

/**
 * One batch: where it stands (status, transaction, confirmations), what it cost and paid, and what the operator can do
 * now: sign an unsigned one, bump a sent one still outside a block, or follow a replaced one to its replacement.
 */
export function PayoutBatchCard({ batch, pendingBump }: { batch: PayoutBatch; pendingBump?: PayoutBatch }) {
  const { t } = useTranslation('admin');
  const desk = useTranslation('admin-desk').t;
  const format = useFormat();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = batch.id.slice(0, 8);
  const coins = (amount: string) => coinText(format, amount, batch.coin);
  const total = addCoinAmounts(batch.withdrawals.map((withdrawal) => withdrawal.coinAmount));
  const usd = batch.withdrawals.reduce((sum, withdrawal) => sum + withdrawal.amount, 0);
  const inBlock = (batch.confirmations ?? 0) > 0;

  const facts: Array<[string, ReactNode]> = [
    [
      t('payouts.facts.transaction'),
      batch.broadcastAt ? (
        <span className="admin-cell-stack">
          <ShortValue kind="hash" value={batch.txid} />
          {batch.explorerUrl && (
            <a href={batch.explorerUrl} target="_blank" rel="noopener noreferrer">
              {desk('explorer')}
            </a>
          )}
        </span>
      ) : (
        t('payouts.facts.notSent')
      ),
    ],
    [
      t('payouts.facts.confirmations'),
      batch.status === 'broadcast' || batch.status === 'confirmed'
        ? inBlock
          ? t('withdrawals.confirmations', {
              done: format.number(batch.confirmations ?? 0),
              required: format.number(batch.required),
            })
          : t('payouts.facts.notInBlock')
        : '—',
    ],
    [
      t('payouts.facts.fee'),
      t('payouts.feeValue', {
        coins: coins(batch.fee),
        usd: money(format, batch.feeCents / 100),
        rate: format.number(batch.feeRate),
      }),
    ],
    [
      t('payouts.facts.withdrawals'),
      t('payouts.facts.withdrawalsValue', {
        countText: format.number(batch.withdrawals.length),
        coins: coins(total),
        usd: money(format, usd),
      }),
    ],
    [t('payouts.facts.created'), format.dateTime(batch.createdAt)],
    ...(batch.broadcastAt
      ? [[t('payouts.facts.broadcast'), format.dateTime(batch.broadcastAt)] as [string, string]]
      : []),
    ...(batch.confirmedAt
      ? [[t('payouts.facts.confirmed'), format.dateTime(batch.confirmedAt)] as [string, string]]
      : []),
  ];

  return (
    <Card as="li" id={batchAnchor(batch.id)} className="admin-batch" aria-labelledby={`${batchAnchor(batch.id)}-title`}>
      <div className="admin-batch__head">
        <h3 id={`${batchAnchor(batch.id)}-title`} className="admin-batch__title">
          {t('payouts.batchTitle', { id })}
        </h3>
        <StatusBadge status={batch.status} />
      </div>
      <dl className="admin-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {batch.replacesId && (
        <p className="admin-reason">
          <BatchLink id={batch.replacesId}>{t('payouts.replaces', { id: batch.replacesId.slice(0, 8) })}</BatchLink>
        </p>
      )}
      {batch.replacedById && (
        <p>
          <BatchLink id={batch.replacedById}>
            {t('payouts.replacedBy', { id: batch.replacedById.slice(0, 8) })}
          </BatchLink>
        </p>
      )}
      {batch.failureReason && (
        <p className="admin-error-text" dir="auto">
          {t('payouts.failed', { reason: batch.failureReason })}
        </p>
      )}
      <details className="admin-batch__withdrawals">
        <summary>{t('payouts.paysTo')}</summary>
        <ul>
          {batch.withdrawals.map((withdrawal) => (
            <li key={withdrawal.id}>
              <span dir="auto">{withdrawal.email}</span>
              <span>
                {money(format, withdrawal.amount)} · {coins(withdrawal.coinAmount)}
              </span>
              <WholeAddress value={withdrawal.address} />
            </li>
          ))}
        </ul>
      </details>
      <FormOutcome outcome={outcome} />
      {batch.status === 'unsigned' && <UnsignedBatchActions batch={batch} onDone={setOutcome} />}
      {batch.status === 'broadcast' &&
        !inBlock &&
        !batch.replacedById &&
        (pendingBump ? (
          <p className="admin-reason">
            <BatchLink id={pendingBump.id}>{t('payouts.bump.waiting', { id: pendingBump.id.slice(0, 8) })}</BatchLink>
          </p>
        ) : (
          <BumpFeeForm batch={batch} onDone={setOutcome} />
        ))}
    </Card>
  );
}
