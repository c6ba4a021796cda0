import { useTranslation } from 'react-i18next';
import { STRENGTH_BAR_COUNT, filledBars, passwordStrength } from './password-strength';
import './password-strength-meter.css';

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const level = passwordStrength(password);
  const filled = filledBars[level];
  // Weak passwords get no visible text (spec), but screen readers still hear the level.
  const visibleText = level === 'almost' ? t('strength.almost') : level === 'strong' ? t('strength.strong') : '';
  const spokenText = visibleText || t(level === 'weak' ? 'strength.weak' : 'strength.empty');

  return (
    <div className="strength-meter" data-level={level}>
      <div
        className="strength-meter__bars"
        role="meter"
        aria-label={t('strength.label')}
        aria-valuemin={0}
        aria-valuemax={STRENGTH_BAR_COUNT}
        aria-valuenow={filled}
        aria-valuetext={spokenText}
      >
        {Array.from({ length: STRENGTH_BAR_COUNT }, (_, index) => (
          <span
            key={index}
            className="strength-meter__bar"
            data-filled={index < filled ? 'true' : 'false'}
            data-testid="strength-bar"
          />
        ))}
      </div>
      {visibleText && (
        <p className="strength-meter__text" aria-live="polite">
          {visibleText}
        </p>
      )}
    </div>
  );
}
