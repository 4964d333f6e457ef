import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { processingRecord, type ProcessingRecordRow } from '@strazce/contract';
import { useRetentionSettings } from './privacyApi';

/** The record of processing (GDPR art. 30) as docs/privacy.md has it, with this site's retention days. */
export function ProcessingRecordCard() {
  const { t } = useTranslation();
  const settings = useRetentionSettings();
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t('privacy.record.intro')}</Typography.Paragraph>
      <Table<ProcessingRecordRow>
        size="middle"
        rowKey={(row) => row.activity.key}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={processingRecord()}
        data-testid="processing-record"
        columns={[
          {
            key: 'activity',
            title: t('privacy.record.activity'),
            render: (_, row) => <strong>{t(`privacy.activity.${row.activity.key}.name`)}</strong>,
          },
          {
            key: 'purpose',
            title: t('privacy.record.purpose'),
            className: 'privacy-wide',
            render: (_, row) => t(`privacy.activity.${row.activity.key}.purpose`),
          },
          {
            key: 'legalBasis',
            title: t('privacy.record.legalBasis'),
            render: (_, row) => t(`privacy.basis.${row.activity.legalBasis}`),
          },
          {
            key: 'categories',
            title: t('privacy.record.categories'),
            className: 'privacy-wide',
            render: (_, row) =>
              row.categories.map((category) => <Tag key={category}>{t(`privacy.category.${category}`)}</Tag>),
          },
          {
            key: 'recipients',
            title: t('privacy.record.recipients'),
            className: 'privacy-wide',
            render: (_, row) => t(`privacy.activity.${row.activity.key}.recipients`),
          },
          {
            key: 'retention',
            title: t('privacy.record.retention'),
            render: (_, row) =>
              row.rule
                ? t('privacy.days', { count: settings.data?.[row.rule.key] ?? row.rule.defaultDays })
                : t(`privacy.activity.${row.activity.key}.retention`),
          },
        ]}
      />
    </Card>
  );
}
