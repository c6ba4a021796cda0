import { useTranslation } from 'react-i18next';
import type { QuotePaymentPart } from '../../../../api/contracts/deposit-quotes';
import { useFormat } from '../../lib/format';
import './payment-parts.css';

const basisKey = { quote: 'quote', arrival: 'arrival', 'quote-cap': 'quoteCap' } as const;

/**
 * How an on-chain payment's USD amount is made up: coins at the quote's rate and coins beyond it at the rate when
 * they arrived. A payment wholly at its quote needs no explanation, so it shows nothing.
 */
export function PaymentParts({ parts, unit }: { parts: QuotePaymentPart[]; unit: string }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  if (parts.length === 0 || (parts.length === 1 && parts[0]!.basis === 'quote')) return null;
  const coinsOf = (part: QuotePaymentPart) => format.isolate(`${part.coinAmount} ${unit}`);
  return (
    <ul className="payment-parts" aria-label={t('onChain.parts.label')}>
      {parts.map((part, index) => (
        <li key={index}>
          {part.rate === null || part.amount === null
            ? t('onChain.parts.noRate', { coins: coinsOf(part) })
            : t(`onChain.parts.${basisKey[part.basis]}`, {
                coins: coinsOf(part),
                rate: format.currency(Number(part.rate)),
                amount: format.currency(part.amount),
              })}
        </li>
      ))}
    </ul>
  );
}
