import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@strazce/contract';
import { changeLanguage } from '../../lib/i18n';

/**
 * Czech or English; the choice is remembered in this browser. The button shows the short code (CS, EN);
 * its accessible name starts with that visible text and says what it is ("EN – Language: English").
 * `compact` on touch screens: a 40 px square with the code alone.
 */
export function LanguageChooser({
  variant = 'text',
  compact = false,
}: {
  variant?: 'text' | 'outlined';
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en-US';
  const short = t(`language.short.${current}`);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({
          key: language,
          label: t(`language.name.${language}`),
          lang: language,
        })),
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button
        type={variant === 'text' ? 'text' : 'default'}
        size={compact ? 'large' : 'middle'}
        icon={compact ? undefined : <GlobalOutlined />}
        aria-label={t('language.button', { short, name: t(`language.name.${current}`) })}
        className={compact ? 'language-chooser-compact' : undefined}
        data-testid="language-chooser"
      >
        {short}
      </Button>
    </Dropdown>
  );
}
