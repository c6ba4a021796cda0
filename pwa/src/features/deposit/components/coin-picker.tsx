import { useTranslation } from 'react-i18next';
import { coinIcon, depositCoins, type DepositCoinId } from '../coins';

/** The ten coin logos as a radio group: arrow keys move between them, as with any native radio group. */
export function CoinPicker({ value, onChange }: { value: DepositCoinId; onChange: (coin: DepositCoinId) => void }) {
  const { t } = useTranslation('funds');
  return (
    <fieldset className="coin-picker">
      <legend className="field__label">{t('deposit.coinGroupLabel')}</legend>
      <div className="coin-picker__options">
        {depositCoins.map((coin) => (
          <label key={coin.id} className="coin-picker__option">
            <input
              type="radio"
              name="deposit-coin"
              className="coin-picker__input"
              value={coin.id}
              checked={value === coin.id}
              onChange={() => onChange(coin.id)}
            />
            <img src={coinIcon(coin.symbol)} alt="" width={40} height={40} />
            <span className="coin-picker__name">{t(`coins.${coin.id}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
