import type { ReactNode, SelectHTMLAttributes } from 'react';
import { describedBy, FieldShell, useFieldIds } from './text-field';
import './field.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  /** Optional first, empty choice such as "Select…". */
  placeholder?: string;
};

export function Select({ label, options, hint, error, hideLabel, placeholder, id, className, ...rest }: SelectProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} hideLabel={hideLabel}>
      <select
        {...rest}
        id={ids.controlId}
        className={['field__control', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
