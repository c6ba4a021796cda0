import { useTranslation } from 'react-i18next';
import type { InvestorDashboard } from '../../../../../api/contracts/answers';
import { useFormat } from '../../../lib/format';

const cards = ['accountBalance', 'totalProfit', 'bonus', 'referralBonus', 'totalDeposit', 'totalWithdrawal'] as const;

/** The six figures of the Account Summary, each read from the ledger by the API. */
export function AccountSummary({ balances }: { balances: InvestorDashboard['balances'] }) {
  const { t } = useTranslation('investor');
  const format = useFormat();
  return (
    <dl className="dashboard-summary">
      {cards.map((card) => (
        <div key={card} className="card dashboard-summary__card">
          <dt className="dashboard-summary__label">{t(`dashboard.cards.${card}`)}</dt>
          <dd className="dashboard-summary__value">
            {format.currency(balances[card], 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
