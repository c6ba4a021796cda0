import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { usePendingMoney, type PendingItem } from '../api/pending-money-query';

const historyTab = (kind: PendingItem['kind']) => `${paths.transaction}?tab=${kind}`;

/** Under the six cards: deposits waiting for review and withdrawals waiting to be paid, each linking to its history tab. */
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

  return (
    <section className="dashboard-pending" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('title', { count: pending.data.length })}</h2>
      {pending.data.length === 0 ? (
        <p className="dashboard-pending__none">{t('none')}</p>
      ) : (
        <ul className="dashboard-pending__list">
          {pending.data.map((item) => (
            <Card as="li" key={item.id} className="dashboard-pending__item">
              <Link to={historyTab(item.kind)} className="dashboard-pending__link">
                <span className="dashboard-pending__amount">
                  {format.currency(item.amount, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
                </span>
                <span>{t(item.kind === 'deposit' ? 'deposit' : 'withdrawal', { via: via(item) })}</span>
                <span className="dashboard-pending__meta">
                  <span className="status-pill">
                    {t(item.kind === 'deposit' ? 'depositStatus' : 'withdrawalStatus')}
                  </span>
                  {' · '}
                  {t(item.kind === 'deposit' ? 'depositSince' : 'withdrawalSince', {
                    age: format.age(item.since, now),
                  })}
                </span>
              </Link>
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
