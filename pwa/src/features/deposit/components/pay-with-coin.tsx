import { useTranslation } from 'react-i18next';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { depositCoins, type DepositCoin } from '../coins';
import { ChosenCoin } from './chosen-coin';
import { WalletAddresses } from './wallet-addresses';

/**
 * The receipt flow's payment: the chosen coin first (address, QR code, estimated amount), the operator's addresses
 * of the other coins behind a disclosure, so the upload form below is reached within two screens on a phone. The
 * page gives it its heading (a card's, or an accordion's when the automatic address comes first).
 */
export function PayWithCoin({ coin, amountCents }: { coin: DepositCoin; amountCents: number }) {
  const { t } = useTranslation('funds');
  const { config, isLoading } = useOperatorConfig();
  return (
    <div className="pay-with-coin">
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
    </div>
  );
}
