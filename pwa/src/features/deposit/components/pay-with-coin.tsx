import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { depositCoins, type DepositCoin } from '../coins';
import { ChosenCoin } from './chosen-coin';
import { WalletAddresses } from './wallet-addresses';

type PayWithCoinProps = {
  coin: DepositCoin;
  amountCents: number;
  /** The automatic on-chain address is offered above: this is the second way, by receipt. */
  second: boolean;
};

/**
 * The receipt flow's payment: the chosen coin first (address, QR code, estimated amount), the operator's addresses
 * of the other coins behind a disclosure, so the upload form below is reached within two screens on a phone.
 */
export function PayWithCoin({ coin, amountCents, second }: PayWithCoinProps) {
  const { t } = useTranslation('funds');
  const { config, isLoading } = useOperatorConfig();
  const name = t(`coins.${coin.id}`);
  return (
    <Card as="section" aria-labelledby="pay-with-title" className="pay-with-coin">
      <h2 id="pay-with-title">
        {second ? t('cryptoDeposit.orByReceiptTitle', { coin: name }) : t('onChain.payTitle', { coin: name })}
      </h2>
      {config ? (
        <>
          <ChosenCoin coin={coin} amountCents={amountCents} address={config.wallets[coin.id]?.trim() ?? ''} />
          <details className="other-coins">
            <summary>{t('cryptoDeposit.otherCoins')}</summary>
            <p>{t('cryptoDeposit.otherCoinsIntro')}</p>
            <WalletAddresses coins={depositCoins.filter((other) => other.id !== coin.id)} wallets={config.wallets} />
          </details>
        </>
      ) : (
        <p role={isLoading ? undefined : 'alert'}>
          {isLoading ? t('common.loading') : t('cryptoDeposit.walletsUnavailable')}
        </p>
      )}
    </Card>
  );
}
