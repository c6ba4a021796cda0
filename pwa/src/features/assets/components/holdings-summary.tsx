import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { Holdings } from '../api/assets-query';

const parts = ['available', 'invested', 'pendingWithdrawal', 'total'] as const;

/** Where the investor's money is: each figure is one of their ledger accounts (the total is their sum). */
export function HoldingsSummary({ holdings }: { holdings: Holdings }) {
  const { t } = useTranslation('assets');
  const format = useFormat();
  return (
    <dl className="assets-holdings">
      {parts.map((part) => (
        <div
          key={part}
          className={`card assets-holdings__card${part === 'total' ? ' assets-holdings__card--total' : ''}`}
        >
          <dt className="assets-holdings__label">{t(`holdings.${part}`)}</dt>
          <dd className="assets-holdings__value">
            {format.currency(holdings[part], 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}
          </dd>
          <dd className="assets-holdings__hint">{t(`holdings.${part}Hint`)}</dd>
        </div>
      ))}
    </dl>
  );
}
