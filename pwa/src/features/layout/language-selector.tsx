import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, LANGUAGES } from '../../config/languages';
import { changeLanguage } from '../../lib/i18n/i18n';
import { useEarlyInput } from '../../lib/hydration/use-early-input';

/** Native select: keyboard and screen-reader friendly on every platform; names shown in their own language. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const current = i18n.language;
  // A language picked on a page rendered at build time, before React ran, is put in force once it does.
  const { ref } = useEarlyInput<HTMLDivElement>();
  return (
    <div ref={ref} className="language-selector">
      <label htmlFor={id} className="visually-hidden">
        {t('header.language')}
      </label>
      <svg className="language-selector__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-9 9h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <select
        id={id}
        className="language-selector__select"
        value={current}
        onChange={(event) => {
          const value = event.target.value;
          if (isLanguageCode(value)) void changeLanguage(value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
