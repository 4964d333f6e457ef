import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/FailureAlert';
import { requestFailure } from './requestFailure';
import { useRetentionPreview } from './privacyApi';
import { RetentionPreviewTable } from './RetentionPreviewTable';
import './privacy.css';

/** /admin/privacy/preview: what the next run of the retention job anonymizes with the saved settings. */
export default function RetentionPreviewPage() {
  const { t } = useTranslation();
  const preview = useRetentionPreview();
  return (
    <div className="privacy-page">
      <Card>
        <Typography.Paragraph type="secondary">{t('privacy.preview.intro')}</Typography.Paragraph>
        <FailureAlert failure={requestFailure(preview.error, t)} />
        <RetentionPreviewTable rows={preview.data} loading={preview.isPending} />
        <Typography.Paragraph className="privacy-back">
          <Link to="/admin/privacy">{t('privacy.preview.back')}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
