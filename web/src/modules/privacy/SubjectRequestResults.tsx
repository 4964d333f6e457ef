import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubjectMatch, SubjectModuleResult, SubjectSearchResult } from '@strazce/contract';
import { formatDateTime } from '../../lib/format';

/** The matches of a subject search grouped by module with counts; held and restricted records marked. */
export function SubjectRequestResults({ result }: { result: SubjectSearchResult }) {
  const { t } = useTranslation();
  if (result.total === 0) return <Empty description={t('privacy.subject.none')} data-testid="subject-none" />;
  return (
    <Table<SubjectModuleResult>
      data-testid="subject-results"
      rowKey="resource"
      size="small"
      pagination={false}
      dataSource={result.modules}
      expandable={{
        expandedRowRender: (module) => (
          <Table<SubjectMatch>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            dataSource={module.matches}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'id', title: 'ID', dataIndex: 'id' },
              { key: 'site', title: t('privacy.subject.site'), dataIndex: 'siteName' },
              {
                key: 'created',
                title: t('privacy.subject.created'),
                render: (_, match) => (match.label ? formatDateTime(match.label) : ''),
              },
              {
                key: 'state',
                title: t('privacy.subject.state'),
                render: (_, match) => (
                  <>
                    {match.held && <Tag color="orange">{t('privacy.subject.held')}</Tag>}
                    {match.restricted && <Tag color="blue">{t('privacy.subject.restricted')}</Tag>}
                  </>
                ),
              },
            ]}
          />
        ),
      }}
      columns={[
        {
          key: 'module',
          title: t('privacy.subject.module'),
          render: (_, module) => t(`privacy.subject.modules.${module.resource}`),
        },
        { key: 'count', title: t('privacy.subject.count'), dataIndex: 'count', align: 'right' },
        {
          key: 'held',
          title: t('privacy.subject.state'),
          render: (_, module) => {
            const held = module.matches.filter((match) => match.held).length;
            const restricted = module.matches.filter((match) => match.restricted).length;
            return (
              <>
                {held > 0 && <Tag color="orange">{`${t('privacy.subject.held')}: ${held}`}</Tag>}
                {restricted > 0 && (
                  <Tag color="blue">{`${t('privacy.subject.restricted')}: ${restricted}`}</Tag>
                )}
              </>
            );
          },
        },
      ]}
    />
  );
}
