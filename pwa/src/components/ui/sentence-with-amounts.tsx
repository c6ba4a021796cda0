import { useFormat } from '../../lib/format';

/**
 * The values to give t() for a sentence's amounts: each comes back as its own "{{name}}" (i18next does not
 * interpolate inside an interpolated value), for SentenceWithAmounts to fill in.
 */
export const amountSlots = (...names: string[]) => Object.fromEntries(names.map((name) => [name, `{{${name}}}`]));

/**
 * A dollar amount in a left-to-right isolate (`<bdi dir="ltr">`). Inside Arabic text an amount only between
 * first-strong isolates (format.currency) takes the right-to-left direction of the right-to-left mark Intl puts
 * first, which moves the "$" of "US$" to the far side of "US".
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
