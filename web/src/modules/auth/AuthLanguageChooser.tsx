import { useEffect, useRef, useState } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@strazce/contract';
import { changeLanguage } from '../../lib/i18n';
import { LightButton } from '../../components/light/LightButton';

/**
 * The language chooser of the public screens: the logged-in app's (app/layout/LanguageChooser) in look and
 * behaviour (a button that opens a menu of the languages), without Ant Design, which the login page does not load.
 */
export function AuthLanguageChooser() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const current = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en-US';

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    root.current?.querySelector<HTMLElement>('[role="menuitem"][aria-current="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const choose = (language: Language) => {
    setOpen(false);
    changeLanguage(language);
  };

  return (
    <div className="auth-language" ref={root}>
      <LightButton
        icon={<GlobalOutlined />}
        aria-label={t('language.button', {
          short: t(`language.short.${current}`),
          name: t(`language.name.${current}`),
        })}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="language-chooser"
        onClick={() => setOpen((was) => !was)}
      >
        {t(`language.short.${current}`)}
      </LightButton>
      {open && (
        <ul className="auth-language-menu" role="menu" aria-label={t('language.label')}>
          {LANGUAGES.map((language) => (
            <li
              key={language}
              role="menuitem"
              aria-current={language === current ? 'true' : undefined}
              tabIndex={-1}
              className={language === current ? 'auth-language-item selected' : 'auth-language-item'}
              onClick={() => choose(language)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(language);
                }
              }}
            >
              {t(`language.name.${language}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
