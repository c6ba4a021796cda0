import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './field.css';

type FieldChrome = { label: ReactNode; hint?: ReactNode; error?: ReactNode; hideLabel?: boolean };

/** Ids that tie a control to its hint and error text for screen readers. */
export function useFieldIds(id?: string) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

export function describedBy(ids: { hintId: string; errorId: string }, hint: unknown, error: unknown) {
  return [hint ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean).join(' ') || undefined;
}

export function FieldShell({
  ids,
  label,
  hint,
  error,
  hideLabel,
  action,
  children,
}: FieldChrome & {
  ids: ReturnType<typeof useFieldIds>;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className={hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={ids.controlId}>
        {label}
      </label>
      {action ? (
        <div className="field__with-action">
          {children}
          {action}
        </div>
      ) : (
        children
      )}
      {hint && (
        <span id={ids.hintId} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={ids.errorId} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> &
  FieldChrome & {
    /** Rendered beside the input, e.g. a show/hide password toggle. */
    action?: ReactNode;
  };

export function TextField({ label, hint, error, hideLabel, action, id, className, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel} action={action}>
      <input
        {...rest}
        id={ids.controlId}
        className={['field__control', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      />
    </FieldShell>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldChrome;

export function TextArea({ label, hint, error, hideLabel, id, className, ...rest }: TextAreaProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      <textarea
        {...rest}
        id={ids.controlId}
        className={['field__control', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      />
    </FieldShell>
  );
}
