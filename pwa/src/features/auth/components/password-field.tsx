import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: ReactNode;
  /** Shown under the field: the strength meter where a new password is chosen (only those pages load it). */
  children?: ReactNode;
};

/** A password input with a show/hide toggle, and what the page puts under it. */
export function PasswordField({ label, value, onValueChange, error, children, ...rest }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="password-toggle"
      aria-label={visible ? t('password.hide') : t('password.show')}
      onClick={() => setVisible((shown) => !shown)}
    >
      <EyeIcon crossed={visible} />
    </button>
  );
  return (
    <div>
      <TextField
        {...rest}
        label={label}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        error={error}
        action={toggle}
      />
      {children}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}
