import type { InputHTMLAttributes, ReactNode } from 'react';
import './field.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode };

export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={['checkbox', className].filter(Boolean).join(' ')}>
      <input {...rest} type="checkbox" />
      <span>{label}</span>
    </label>
  );
}
