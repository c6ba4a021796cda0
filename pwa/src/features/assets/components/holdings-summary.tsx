import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { Holdings } from '../api/assets-query';

const parts = ['available', 'invested', 'pendingWithdrawal', 'held', 'total'] as const;

/**
 * Where the investor's money is: each figure is one of their ledger accounts (the total is their sum). Held money
 * (credited, not usable yet) shows only when there is some.
 */
export function HoldingsSummary({ holdings }: { holdings: Holdings }) {
  const { t } = useTranslation('assets');
  const format = useFormat();
  const held = (holdings.held ?? 0) > 0;
  const shown = parts.filter((part) => part !== 'held' || held);
  return (
    <dl className="assets-holdings">
      {shown.map((part) => (
        <div
          key={part}
          className={`card assets-holdings__card${part === 'total' ? ' assets-holdings__card--total' : ''}`}
        >
          <dt className="assets-holdings__label">{t(`holdings.${part}`)}</dt>
          <dd className="assets-holdings__value">
            {format.currency(holdings[part] ?? 0, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}
          </dd>
          <dd className="assets-holdings__hint">
            {t(part === 'total' && held ? 'holdings.totalWithHeldHint' : `holdings.${part}Hint`)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
