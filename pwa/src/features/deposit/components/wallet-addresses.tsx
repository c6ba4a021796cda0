import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { depositCoins, coinIcon, type DepositCoinId } from '../coins';

/** The operator's ten wallet addresses from GET /api/config; a placeholder is said to be one, never passed off as real. */
export function WalletAddresses({ selectedCoin }: { selectedCoin?: DepositCoinId }) {
  const { t } = useTranslation('funds');
  const { config, isLoading } = useOperatorConfig();
  const toast = useToast();

  const copy = async (coinName: string, address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      toast.show(t('cryptoDeposit.addressCopied', { coin: coinName }), 'success');
    } catch {
      toast.show(t('cryptoDeposit.copyFailed'), 'error');
    }
  };

  if (!config) {
    return (
      <p role={isLoading ? undefined : 'alert'}>
        {isLoading ? t('common.loading') : t('cryptoDeposit.walletsUnavailable')}
      </p>
    );
  }
  return (
    <ul className="wallets">
      {depositCoins.map((coin) => {
        const name = t(`coins.${coin.id}`);
        const address = config.wallets[coin.id]?.trim() ?? '';
        const placeholder = address.startsWith('PLACEHOLDER');
        return (
          <li key={coin.id} className={coin.id === selectedCoin ? 'wallet wallet--selected' : 'wallet'}>
            <img src={coinIcon(coin.symbol)} alt="" width={32} height={32} />
            <div className="wallet__body">
              <span className="wallet__name" id={`wallet-${coin.id}`}>
                {name}
              </span>
              {address === '' ? (
                <span className="wallet__warning">{t('cryptoDeposit.missingAddress', { coin: name })}</span>
              ) : (
                <>
                  <code
                    className={placeholder ? 'wallet__address wallet__address--placeholder' : 'wallet__address'}
                    aria-labelledby={`wallet-${coin.id}`}
                  >
                    {address}
                  </code>
                  {placeholder && (
                    <span className="wallet__warning" role="note">
                      {t('cryptoDeposit.placeholderAddress', { coin: name })}
                    </span>
                  )}
                </>
              )}
            </div>
            {address !== '' && (
              <Button
                variant="secondary"
                size="sm"
                disabled={placeholder}
                aria-label={t('cryptoDeposit.copyAddress', { coin: name })}
                onClick={() => void copy(name, address)}
              >
                {t('cryptoDeposit.copy')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
