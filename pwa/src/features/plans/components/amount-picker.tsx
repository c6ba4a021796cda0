import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  maximumDepositCents,
  planAmountLimits,
  readAmount,
  type AmountRule,
} from '../../../../../api/contracts/deposits';
import { TextField } from '../../../components/ui/text-field';
import { useFormat } from '../../../lib/format';
import type { Plan } from '../../../../../api/contracts/plans';

/**
 * What a custom amount's broken rule says: not a plain number, more than two decimals, outside the plan's range (the
 * spec's message, which states the range).
 */
function usePlanAmountMessage(plan: Plan) {
  const { t } = useTranslation('funds');
  return (rule: AmountRule) => {
    if (rule === 'format') return t('deposit.amountFormat');
    if (rule === 'decimals') return t('deposit.amountDecimals');
    const { maximumCents } = planAmountLimits(plan, 'balance');
    return plan.maxDeposit === null && rule === 'minimum'
      ? t('planDetails.invalidAmountNoMax', { min: plan.minDeposit })
      : t('planDetails.invalidAmount', { min: plan.minDeposit, max: maximumCents / 100 });
  };
}

type AmountPickerProps = {
  plan: Plan;
  amountCents: number | null;
  onChange: (cents: number | null) => void;
  /** A refusal of the chosen amount by the way of paying (Buy Now's one deposit), said under the field. */
  refusal?: string | null;
  inputId?: string;
};

/**
 * Preset tiles plus a custom amount, read by the plan's rules in api/contracts (each broken rule said as such); an
 * amount Buy Now cannot take as one deposit is the page's `refusal`.
 */
export function AmountPicker({ plan, amountCents, onChange, refusal, inputId }: AmountPickerProps) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const message = usePlanAmountMessage(plan);
  const [customText, setCustomText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const limits = planAmountLimits(plan, 'balance');
  const read = (text: string) => readAmount(text, limits);
  const dollars = (cents: number) => format.currency(cents / 100, 'USD', { maximumFractionDigits: 0 });
  // Above one deposit's maximum the plan is bought from the balance only: the hint says where Buy Now stops.
  const hint =
    limits.maximumCents > maximumDepositCents
      ? t('planDetails.amountHintBuyNow', { min: dollars(limits.minimumCents), max: dollars(maximumDepositCents) })
      : t('deposit.amountHint', { min: dollars(limits.minimumCents), max: dollars(limits.maximumCents) });

  const choosePreset = (preset: number) => {
    setCustomText('');
    setError(null);
    onChange(Math.round(preset * 100));
  };
  const changeCustom = (text: string) => {
    setCustomText(text);
    setError(null);
    const amount = read(text);
    onChange('cents' in amount ? amount.cents : null);
  };
  // Judged when the person leaves the field, so typing 1000 does not flash an error at "1".
  const checkCustom = () => {
    if (customText.trim() === '') return;
    const amount = read(customText);
    if ('cents' in amount) return;
    setError(message(amount.rule));
    setCustomText('');
    onChange(null);
  };

  return (
    <div className="plan-details">
      <fieldset className="plan-presets">
        <legend className="field__label">{t('planDetails.presetsLabel')}</legend>
        {plan.presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className="plan-presets__tile"
            aria-pressed={customText === '' && amountCents === Math.round(preset * 100)}
            onClick={() => choosePreset(preset)}
          >
            {format.currency(preset, 'USD', { maximumFractionDigits: 0 })}
          </button>
        ))}
      </fieldset>
      <TextField
        id={inputId}
        label={t('planDetails.customAmount')}
        hint={hint}
        inputMode="decimal"
        value={customText}
        onChange={(event) => changeCustom(event.target.value)}
        onBlur={checkCustom}
        error={refusal ?? error}
      />
    </div>
  );
}
