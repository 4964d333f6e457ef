import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@strazce/contract';
import { changeLanguage } from '../i18n';

/** Czech or English; the choice is remembered in this browser. */
export function LanguageChooser({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const { t, i18n } = useTranslation();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en-US';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.name.${language}`) })),
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button
        type={variant === 'text' ? 'text' : 'default'}
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        data-testid="language-chooser"
      >
        {t(`language.short.${current}`)}
      </Button>
    </Dropdown>
  );
}
