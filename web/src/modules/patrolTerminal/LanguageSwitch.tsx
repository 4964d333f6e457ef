import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@strazce/contract';
import { changeLanguage } from '../../lib/i18n';

/** The terminal's language: both choices always on view, one tap each (no menu to open with gloves on). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="pt-language" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          type="button"
          key={language}
          className={language === i18n.language ? 'pt-language-item current' : 'pt-language-item'}
          aria-pressed={language === i18n.language}
          aria-label={t(`language.name.${language}`)}
          onClick={() => changeLanguage(language)}
          data-testid={`terminal-language-${language}`}
        >
          {t(`language.short.${language}`)}
        </button>
      ))}
    </div>
  );
}
