import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { maximumDepositCents, readDepositAmount } from '../../../../../api/contracts/deposits';
import { centsToDollarText } from '../../../../../api/contracts/money';
import { Accordion } from '../../../components/ui/accordion';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Select } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { depositCoin, depositCoins, isDepositCoin, type DepositCoinId } from '../coins';
import { OutboxQueue } from '../components/outbox-queue';
import { PayWithCoin } from '../components/pay-with-coin';
import { ReceiptUploadForm } from '../components/receipt-upload-form';
import { OnChainOffer } from '../components/on-chain-offer';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { plansQuery } from '../../../lib/queries/plans';
import { planForAmount } from '../deposit-plans';
import '../deposit.css';
import '../on-chain.css';

/**
 * /crytodeposit?price=&planName=&planVersion= (from a plan's Buy Now) and /bitcoindeposit1?amount=&coin= (from the deposit page):
 * the plan, the amount and the coin (Bitcoin until another is chosen, kept in the URL); the automatic on-chain address
 * first where the coin's chain is configured, with the receipt flow one tap away; else the receipt flow: the coin's
 * address and amount, the upload.
 */
export function CryptoDepositPage() {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const plans = useQuery(plansQuery());
  const [startPlan, setStartPlan] = useState(false);
  const { config } = useOperatorConfig();

  const fromPlanDetails = pathname === paths.cryptoDeposit;
  // One deposit's rules, as the deposit page and the server read it: a link can carry what neither would take.
  const linkAmount = readDepositAmount(params.get(fromPlanDetails ? 'price' : 'amount') ?? '');
  const amountCents = 'cents' in linkAmount ? linkAmount.cents : null;
  const coinParam = params.get('coin');
  const coin: DepositCoinId = isDepositCoin(coinParam) ? coinParam : 'bitcoin';
  const chooseCoin = (chosen: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('coin', chosen);
        return next;
      },
      { replace: true },
    );
  const onChain = config?.onChainCoins?.includes(coin) ?? false;
  const chosenPlanName = fromPlanDetails ? params.get('planName')?.trim() || null : null;
  // The plan's version the details page showed: the server refuses the receipt if the terms changed since.
  const shownPlanVersion = Number(params.get('planVersion'));
  const derivedPlan =
    !fromPlanDetails && amountCents !== null && plans.data ? planForAmount(plans.data, amountCents) : undefined;

  if (amountCents === null) {
    return (
      <div className="investor-page">
        <h1 className="investor-page__title">{t('cryptoDeposit.title')}</h1>
        <div className="investor-state" role="alert">
          <p>
            {'rule' in linkAmount && linkAmount.rule === 'maximum'
              ? t('deposit.amountMaximum', {
                  max: format.currency(maximumDepositCents / 100, 'USD', { maximumFractionDigits: 0 }),
                })
              : t('cryptoDeposit.invalidPrice')}
          </p>
          <Link to={paths.depositPage}>{t('cryptoDeposit.backToDeposit')}</Link>
        </div>
        <OutboxQueue />
      </div>
    );
  }

  // The amount travels in cents from the URL on; this is the one dollar text both requests below send.
  const amount = centsToDollarText(amountCents);
  const planFields = fromPlanDetails
    ? chosenPlanName
      ? {
          planName: chosenPlanName,
          ...(Number.isSafeInteger(shownPlanVersion) && shownPlanVersion > 0 && { planVersion: shownPlanVersion }),
        }
      : {}
    : startPlan && derivedPlan
      ? { planId: derivedPlan.id }
      : {};

  const coinName = t(`coins.${coin}`);
  const payWithCoin = <PayWithCoin coin={depositCoin(coin)} amountCents={amountCents} />;
  const receiptForm = (
    <ReceiptUploadForm
      submission={{ amount, coin, ...planFields }}
      planLabel={'planId' in planFields ? derivedPlan?.name : undefined}
    />
  );

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('cryptoDeposit.title')}</h1>
      <Card as="section" className="deposit-summary">
        <dl className="deposit-summary__facts">
          <div>
            <dt>{fromPlanDetails ? t('cryptoDeposit.selectedPlan') : t('cryptoDeposit.planForAmount')}</dt>
            <dd>{(fromPlanDetails ? chosenPlanName : derivedPlan?.name) ?? t('cryptoDeposit.noPlanSelected')}</dd>
          </div>
          <div>
            <dt>{t('cryptoDeposit.price')}</dt>
            <dd>{format.currency(amountCents / 100)}</dd>
          </div>
        </dl>
        <Select
          className="deposit-summary__coin"
          label={t('deposit.coinGroupLabel')}
          value={coin}
          onChange={(event) => chooseCoin(event.target.value)}
          options={depositCoins.map((option) => ({ value: option.id, label: t(`coins.${option.id}`) }))}
        />
        {!fromPlanDetails &&
          plans.data &&
          (derivedPlan ? (
            <>
              <p>{t('cryptoDeposit.derivedPlan', { plan: derivedPlan.name })}</p>
              <Checkbox
                label={t('cryptoDeposit.startPlan', { plan: derivedPlan.name })}
                checked={startPlan}
                onChange={(event) => setStartPlan(event.target.checked)}
              />
              <p className="field__hint">{t('cryptoDeposit.startPlanHint')}</p>
            </>
          ) : (
            <p>{t('cryptoDeposit.noPlanForAmount')}</p>
          ))}
      </Card>
      {onChain ? (
        // The automatic address first; the receipt flow one tap away, the offer folding away as it opens, so the
        // upload form is within two screens of a phone's top.
        <Accordion
          className="pay-ways"
          headingLevel={2}
          defaultOpenIds={['chain']}
          items={[
            {
              id: 'chain',
              title: t('onChain.offerTitle'),
              content: <OnChainOffer amount={amount} coin={coin} coinName={coinName} />,
            },
            {
              id: 'receipt',
              title: t('cryptoDeposit.orByReceiptTitle', { coin: coinName }),
              content: (
                <>
                  {payWithCoin}
                  <section aria-labelledby="receipt-title" className="pay-ways__upload">
                    <h3 id="receipt-title">{t('cryptoDeposit.receiptTitle')}</h3>
                    {receiptForm}
                  </section>
                </>
              ),
            },
          ]}
        />
      ) : (
        <>
          <Card as="section" aria-labelledby="pay-with-title">
            <h2 id="pay-with-title">{t('onChain.payTitle', { coin: coinName })}</h2>
            {payWithCoin}
          </Card>
          <Card as="section" aria-labelledby="receipt-title">
            <h2 id="receipt-title">{t('cryptoDeposit.receiptTitle')}</h2>
            {receiptForm}
          </Card>
        </>
      )}
      <OutboxQueue />
    </div>
  );
}
