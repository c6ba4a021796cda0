import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DepositQuoteResponse } from '../../../../../api/contracts/deposit-quotes';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/hooks/use-now';
import { useDepositQuotes } from '../api/deposit-quotes';

type QuoteState = 'credited' | 'confirming' | 'waiting' | 'expired';

function stateOf({ quote, payments }: DepositQuoteResponse, now: number): QuoteState {
  if (payments.some((payment) => payment.status !== 'credited')) return 'confirming';
  if (payments.length > 0) return 'credited';
  return Date.parse(quote.expiresAt) > now ? 'waiting' : 'expired';
}

const creditedDollars = ({ payments }: DepositQuoteResponse) =>
  payments.reduce((sum, payment) => sum + (payment.amount ?? 0), 0);

/** The investor's on-chain payment addresses, newest first, each reopening its page; shown once there is one. */
export function OnChainHistory() {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const headingId = useId();
  const now = useNow();
  const { data } = useDepositQuotes();
  if (!data || data.length === 0) return null;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('onChain.historyTitle')}</h2>
      <ul className="on-chain-history">
        {data.map((entry) => (
          <li key={entry.quote.id}>
            <Link to={paths.depositQuote(entry.quote.id)} className="on-chain-history__link">
              <span className="on-chain-history__amount">{format.currency(entry.quote.amount)}</span>
              <span>{t(`coins.${entry.quote.coin}`, { defaultValue: entry.quote.coin })}</span>
              <span className="status-pill">
                {stateOf(entry, now) === 'credited'
                  ? t('onChain.credited', { amount: format.currency(creditedDollars(entry)) })
                  : t(`onChain.state.${stateOf(entry, now)}`)}
              </span>
              <span className="on-chain-history__date">{format.dateTime(entry.quote.createdAt)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
