import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { coinIcon, type DepositCoin } from '../coins';
import { useClipboardCopy } from './use-clipboard-copy';

/** The operator's wallet addresses of these coins (GET /api/config); a placeholder is said to be one, never passed off as real. */
export function WalletAddresses({
  coins,
  wallets,
}: {
  coins: readonly DepositCoin[];
  wallets: Record<string, string>;
}) {
  const { t } = useTranslation('funds');
  const copy = useClipboardCopy();

  return (
    <ul className="wallets">
      {coins.map((coin) => {
        const name = t(`coins.${coin.id}`);
        const address = wallets[coin.id]?.trim() ?? '';
        const placeholder = address.startsWith('PLACEHOLDER');
        return (
          <li key={coin.id} className="wallet">
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
                onClick={() => void copy(address, t('cryptoDeposit.addressCopied', { coin: name }))}
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
