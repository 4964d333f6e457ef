import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { privacyHold } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { ProcessingRecordCard } from './ProcessingRecordCard';
import { RetentionSettingsCard } from './RetentionSettingsCard';
import './privacy.css';

const TABS = ['retention', 'holds', 'record'] as const;

/**
 * /admin/privacy (docs/privacy.md): the current site's retention with the preview of the next run, its legal
 * holds, and the record of processing. The tab is in the address (`?tab=`).
 */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'retention';
  return (
    <div className="privacy-page" data-testid="privacy-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'retention', label: t('privacy.tabs.retention'), children: <RetentionSettingsCard /> },
          {
            key: 'holds',
            label: t('privacy.tabs.holds'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('privacy.holds.intro')}</Typography.Paragraph>
                <CrudPage entity={privacyHold} />
              </>
            ),
          },
          { key: 'record', label: t('privacy.tabs.record'), children: <ProcessingRecordCard /> },
        ]}
      />
    </div>
  );
}
