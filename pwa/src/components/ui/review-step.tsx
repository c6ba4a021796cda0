import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import './review-step.css';

type ReviewStepProps = {
  title: string;
  /** What happens on Confirm, said before it. */
  lead?: ReactNode;
  /** What will be sent, label and value, in the order the person reads them; a `wide` value (an address) gets a line of its own. */
  facts: Array<{ label: string; value: ReactNode; wide?: boolean }>;
  /** Below the facts: notices, a field the request needs (a two-factor code), the server's refusal. */
  children?: ReactNode;
  confirmLabel: string;
  backLabel: string;
  busy: boolean;
  /** Confirm is offered only when the request can be sent (e.g. not while the balance is known to be too low). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onBack: () => void;
};

/**
 * The step between a form and a request that moves money: everything the request will do, then Confirm or Back.
 * Its heading takes the focus when it opens, so a screen reader starts reading the review, not the page's end. It
 * takes the place of the form, inside the form's card (or a card of its own where the form had none).
 */
export function ReviewStep({
  title,
  lead,
  facts,
  children,
  confirmLabel,
  backLabel,
  busy,
  canConfirm = true,
  onConfirm,
  onBack,
}: ReviewStepProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && canConfirm) onConfirm();
  };
  return (
    <section className="review-step" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="review-step__title">
        {title}
      </h2>
      {lead && <p className="review-step__lead">{lead}</p>}
      <form className="review-step__form" onSubmit={submit} noValidate>
        <dl className="review-step__facts">
          {facts.map((fact) => (
            <div key={fact.label} className={fact.wide ? 'review-step__fact--wide' : undefined}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
        {children}
        <div className="review-step__actions">
          <Button type="submit" busy={busy} disabled={!canConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            {backLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}
