import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useCreateDepositQuote } from '../api/deposit-quotes';

/**
 * For a coin the operator watches on its chain: a fresh address and amount, credited once the chain confirms the
 * payment, with no receipt to upload. A refusal (no live price, chain not watched) leaves the receipt flow below.
 */
export function OnChainOffer({ amount, coin, coinName }: { amount: string; coin: string; coinName: string }) {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const create = useCreateDepositQuote();
  const start = () =>
    create.mutate({ amount, coin }, { onSuccess: (quote) => void navigate(paths.depositQuote(quote.id)) });
  const refusal =
    create.error instanceof ApiError && create.error.status === 503
      ? t('onChain.noLiveRate')
      : create.error
        ? t('onChain.error', { message: create.error.message })
        : null;
  return (
    <div className="on-chain-offer">
      <p>{t('onChain.offer', { coin: coinName })}</p>
      <Button onClick={start} disabled={create.isPending}>
        {create.isPending ? t('onChain.creating') : t('onChain.start', { coin: coinName })}
      </Button>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
