import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useDepositQuote } from '../api/deposit-quotes';
import { depositCoins } from '../coins';
import { QuoteCard } from '../components/quote-card';
import { QuotePayments } from '../components/quote-payments';
import '../deposit.css';
import '../on-chain.css';

/** /deposit-quotes/:id: pay a quote on-chain and watch it confirm; the same page after a reload or from the history. */
export function DepositQuotePage() {
  const { t } = useTranslation('funds');
  const { id = '' } = useParams();
  const { data, error, isPending } = useDepositQuote(id);
  if (isPending) return <p className="investor-state">{t('common.loading')}</p>;
  if (error || !data) {
    return (
      <div className="investor-page">
        <h1 className="investor-page__title">{t('onChain.title')}</h1>
        <div className="investor-state" role="alert">
          <p>{error?.message ?? t('onChain.notFound')}</p>
          <Link to={paths.depositPage}>{t('cryptoDeposit.backToDeposit')}</Link>
        </div>
      </div>
    );
  }
  const { quote, payments } = data;
  const coinName = t(`coins.${quote.coin}`, { defaultValue: quote.coin });
  const symbol = depositCoins.find((coin) => coin.id === quote.coin)?.symbol ?? quote.coin;
  const required = payments[0]?.required;
  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('onChain.payTitle', { coin: coinName })}</h1>
      <Card as="section" aria-labelledby="quote-pay-title">
        <h2 id="quote-pay-title">{t('onChain.payHeading')}</h2>
        <p>{t('onChain.payIntro', { coin: coinName })}</p>
        <QuoteCard quote={quote} coinName={coinName} symbol={symbol} />
      </Card>
      <Card as="section" aria-labelledby="quote-progress-title">
        <h2 id="quote-progress-title">{t('onChain.progressTitle')}</h2>
        <p>{required === undefined ? t('onChain.creditedAutomatically') : t('onChain.creditedAfter', { required })}</p>
        <QuotePayments payments={payments} symbol={symbol} />
        <Link to={paths.transaction}>{t('cryptoDeposit.viewTransactions')}</Link>
      </Card>
    </div>
  );
}
