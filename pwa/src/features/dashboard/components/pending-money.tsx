import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { WithdrawalSteps } from '../../../components/ui/withdrawal-steps';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/hooks/use-now';
import { usePendingMoney, type PendingItem } from '../api/pending-money-query';

// An on-chain payment opens its quote's page (confirmations, explorer link); the rest open their history tab.
const destination = (item: PendingItem) =>
  item.onChain ? paths.depositQuote(item.onChain.quoteId) : `${paths.transaction}?tab=${item.kind}`;

/**
 * Under the six cards: deposits waiting for review or for their chain, and withdrawals not yet paid with their steps
 * (approved with the coin amount, sent with its explorer link, confirmations).
 */
export function PendingMoney() {
  const { t } = useTranslation(['pending', 'funds']);
  const format = useFormat();
  const now = useNow();
  const headingId = useId();
  const pending = usePendingMoney();
  if (!pending.data) {
    return pending.isError ? (
      <p className="notice" role="status">
        {t('loadFailed')}
      </p>
    ) : null;
  }
  const via = (item: PendingItem) =>
    item.kind === 'deposit'
      ? item.via
        ? t(`funds:coins.${item.via}`, { defaultValue: item.via })
        : t('noCoin')
      : item.via;

  const confirming = (done: number, required: number) =>
    t('onChainStatus', { done: format.number(done), required: format.number(required) });
  const status = ({ kind, onChain, withdrawal }: PendingItem) =>
    onChain
      ? onChain.dropped
        ? t('onChainDropped')
        : confirming(onChain.confirmations, onChain.required)
      : withdrawal?.status === 'broadcast' && withdrawal.required !== null
        ? confirming(Math.min(withdrawal.confirmations ?? 0, withdrawal.required), withdrawal.required)
        : t(kind === 'deposit' ? 'depositStatus' : 'withdrawalStatus');

  return (
    <section className="dashboard-pending" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title', { count: pending.data.length })}</h2>
      {pending.data.length === 0 ? (
        <p className="dashboard-pending__none">{t('none')}</p>
      ) : (
        <ul className="dashboard-pending__list">
          {pending.data.map((item) => (
            <Card as="li" key={item.id} className="dashboard-pending__item">
              <Link to={destination(item)} className="dashboard-pending__link">
                <span className="dashboard-pending__amount">
                  {format.currency(item.amount, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
                </span>
                <span>{t(item.kind === 'deposit' ? 'deposit' : 'withdrawal', { via: via(item) })}</span>
                <span className="dashboard-pending__meta">
                  <span className="status-pill">{status(item)}</span>
                  {' · '}
                  {t(item.onChain ? 'onChainSince' : item.kind === 'deposit' ? 'depositSince' : 'withdrawalSince', {
                    age: format.age(item.since, now),
                  })}
                </span>
              </Link>
              {item.withdrawal && <WithdrawalSteps withdrawal={item.withdrawal} />}
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
