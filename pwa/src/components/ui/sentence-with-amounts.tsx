import { useFormat } from '../../lib/format';

/**
 * The values to give t() for a sentence's amounts: each comes back as its own "{{name}}" (i18next does not
 * interpolate inside an interpolated value), for SentenceWithAmounts to fill in.
 */
export const amountSlots = (...names: string[]) => Object.fromEntries(names.map((name) => [name, `{{${name}}}`]));

/**
 * A dollar amount, always with cents, as a left-to-right element (`<bdi dir="ltr">`): the isolation format.currency
 * gives a string (Arabic's leading right-to-left mark would otherwise move the "$" of "US$"), here as an element of
 * its own inside a translated sentence.
 */
export function LtrDollars({ value }: { value: number }) {
  const format = useFormat();
  return (
    <bdi dir="ltr">
      {format.number(value, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })}
    </bdi>
  );
}

/** A translated sentence with each dollar amount, left as its {{slot}} by t(), shown as LtrDollars. */
export function SentenceWithAmounts({ text, dollars }: { text: string; dollars: Record<string, number> }) {
  const parts = text.split(/{{(\w+)}}/);
  return (
    <>{parts.map((part, index) => (index % 2 === 0 ? part : <LtrDollars key={index} value={dollars[part] ?? 0} />))}</>
  );
}
