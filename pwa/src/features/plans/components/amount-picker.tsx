import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dollarsToCents } from '../../../../../api/contracts/money';
import { TextField } from '../../../components/ui/text-field';
import { useFormat } from '../../../lib/format';
import type { Plan } from '../../../../../api/contracts/plans';

/** Cents when `text` is a dollar amount inside the plan's range, else null. */
export function amountInPlanRange(text: string, plan: Plan): number | null {
  const parsed = dollarsToCents.safeParse(text);
  if (!parsed.success) return null;
  const cents = parsed.data;
  if (cents < plan.minDeposit * 100) return null;
  if (plan.maxDeposit !== null && cents > plan.maxDeposit * 100) return null;
  return cents;
}

type AmountPickerProps = { plan: Plan; amountCents: number | null; onChange: (cents: number | null) => void };

/** Preset tiles plus a custom amount; an out-of-range custom amount is refused with the spec's message. */
export function AmountPicker({ plan, amountCents, onChange }: AmountPickerProps) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const [customText, setCustomText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const choosePreset = (preset: number) => {
    setCustomText('');
    setError(null);
    onChange(Math.round(preset * 100));
  };
  const changeCustom = (text: string) => {
    setCustomText(text);
    setError(null);
    onChange(amountInPlanRange(text, plan));
  };
  // Judged when the person leaves the field, so typing 1000 does not flash an error at "1".
  const checkCustom = () => {
    if (customText.trim() === '' || amountInPlanRange(customText, plan) !== null) return;
    setError(
      plan.maxDeposit === null
        ? t('planDetails.invalidAmountNoMax', { min: plan.minDeposit })
        : t('planDetails.invalidAmount', { min: plan.minDeposit, max: plan.maxDeposit }),
    );
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
        label={t('planDetails.customAmount')}
        inputMode="decimal"
        value={customText}
        onChange={(event) => changeCustom(event.target.value)}
        onBlur={checkCustom}
        error={error}
      />
    </div>
  );
}
