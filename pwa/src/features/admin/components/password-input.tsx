import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
};

/** A password field with a show/hide toggle. */
export function PasswordInput({ label, ...rest }: PasswordInputProps) {
  const { t } = useTranslation('admin');
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button type="button" className="admin-password-toggle" onClick={() => setVisible((shown) => !shown)}>
      {visible ? t('password.hide') : t('password.show')}
    </button>
  );
  return <TextField {...rest} label={label} type={visible ? 'text' : 'password'} action={toggle} />;
}
