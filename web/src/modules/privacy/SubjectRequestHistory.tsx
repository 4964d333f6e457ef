import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubjectRequestLog } from '@strazce/contract';
import { FailureAlert } from '../../components/FailureAlert';
import { formatDateTime } from '../../lib/format';
import { requestFailure } from './requestFailure';
import { useSubjectRequests } from './subjectRequestApi';

/** The record of past subject requests: who, when, the kind of search, counts found and done (never the value). */
export function SubjectRequestHistory() {
  const { t } = useTranslation();
  const requests = useSubjectRequests();
  const found = (row: SubjectRequestLog) => Object.values(row.counts).reduce((sum, count) => sum + count, 0);
  return (
    <Card title={t('privacy.subject.history')} data-testid="subject-history">
      <FailureAlert failure={requestFailure(requests.error, t)} />
      <Table<SubjectRequestLog>
        rowKey="id"
        size="small"
        loading={requests.isPending}
        dataSource={requests.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'createdAt',
            title: t('privacy.subject.created'),
            render: (_, row) => formatDateTime(row.createdAt),
          },
          { key: 'userName', title: t('privacy.subject.by'), dataIndex: 'userName' },
          {
            key: 'kind',
            title: t('privacy.subject.kind'),
            render: (_, row) => t(`privacy.subject.kinds.${row.kind}`),
          },
          {
            key: 'action',
            title: t('privacy.subject.action'),
            render: (_, row) => t(`privacy.subject.actions.${row.action}`),
          },
          { key: 'found', title: t('privacy.subject.found'), align: 'right', render: (_, row) => found(row) },
          { key: 'done', title: t('privacy.subject.changed'), align: 'right', dataIndex: 'done' },
          { key: 'skipped', title: t('privacy.subject.skipped'), align: 'right', dataIndex: 'skipped' },
        ]}
      />
    </Card>
  );
}
