import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dollarsToCents } from '../../../../../api/contracts/money';
import { minimumDepositCents } from '../../../../../api/contracts/deposits';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { CoinPicker } from '../components/coin-picker';
import { OnChainHistory } from '../components/on-chain-history';
import { OutboxQueue } from '../components/outbox-queue';
import type { DepositCoinId } from '../coins';
import '../deposit.css';
import '../on-chain.css';

/** Step one of a deposit: the amount (at least $50) and the coin; then the wallet addresses and receipt. */
export function DepositPage() {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [coin, setCoin] = useState<DepositCoinId>('bitcoin');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dollarsToCents.safeParse(amount);
    if (!parsed.success || parsed.data < minimumDepositCents) {
      setError(t('deposit.invalidAmount'));
      return;
    }
    navigate(`${paths.bitcoinDeposit}?${new URLSearchParams({ amount: String(parsed.data / 100), coin })}`);
  };

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('deposit.title')}</h1>
      <Card as="section">
        <form className="deposit-form" onSubmit={submit} noValidate>
          <p>{t('deposit.intro')}</p>
          <TextField
            label={t('deposit.amountLabel')}
            hint={t('deposit.amountHint')}
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(null);
            }}
            error={error}
          />
          <CoinPicker value={coin} onChange={setCoin} />
          <Button type="submit" size="lg">
            {t('deposit.submit')}
          </Button>
        </form>
      </Card>
      <OnChainHistory />
      <OutboxQueue />
    </div>
  );
}
