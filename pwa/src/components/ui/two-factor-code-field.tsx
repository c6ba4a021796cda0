import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

/** The 6-digit authenticator code (or a recovery code), as phones offer it from SMS and apps. */
export function TwoFactorCodeField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <TextField
      label={t('code.label')}
      hint={t('code.hint')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={32}
      spellCheck={false}
      autoFocus={autoFocus}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
