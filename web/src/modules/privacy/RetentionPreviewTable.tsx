import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { RETENTION_RULES, type RetentionPreview } from '@strazce/contract';
import { formatDateTime, numberFormat } from '../../lib/format';

/** Per rule: how many records the next run anonymizes, the oldest and the newest of them. */
export function RetentionPreviewTable({
  rows,
  loading,
}: {
  rows: RetentionPreview[] | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table<RetentionPreview>
      size="middle"
      rowKey="key"
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      data-testid="retention-preview"
      columns={[
        {
          key: 'rule',
          title: t('privacy.retention.rule'),
          render: (_, row) => t(`privacy.rule.${row.key}`),
        },
        {
          key: 'days',
          title: t('privacy.retention.days'),
          render: (_, row) =>
            `${t('privacy.days', { count: row.days })} ${t(`privacy.from.${RETENTION_RULES.find((rule) => rule.key === row.key)!.from}`)}`,
        },
        {
          key: 'count',
          title: t('privacy.retention.count'),
          align: 'right',
          render: (_, row) => (
            <span data-testid={`preview-count-${row.key}`}>
              {numberFormat(i18n.language).format(row.count)}
            </span>
          ),
        },
        {
          key: 'oldest',
          title: t('privacy.retention.oldest'),
          render: (_, row) => (row.oldest ? formatDateTime(row.oldest) : '–'),
        },
        {
          key: 'newest',
          title: t('privacy.retention.newest'),
          render: (_, row) => (row.newest ? formatDateTime(row.newest) : '–'),
        },
      ]}
    />
  );
}
