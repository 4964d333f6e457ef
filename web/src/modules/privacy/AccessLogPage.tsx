import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { personalReadLog } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/**
 * /admin/privacy/access (docs/privacy.md "Reads of personal data"): who downloaded a stored file or exported a
 * list with personal fields, when, from which site, which records and fields; read-only, filtered by user,
 * entity and date through the shared list page.
 */
export default function AccessLogPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="privacy-access-page">
      <Typography.Paragraph type="secondary">{t('privacy.access.intro')}</Typography.Paragraph>
      <CrudPage entity={personalReadLog} />
    </div>
  );
}
