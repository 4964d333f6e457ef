import { CheckCircleOutlined, UndoOutlined, WarningFilled } from '@ant-design/icons';
import { App, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IncidentModule, RefValue } from '@strazce/contract';
import { api } from '../../lib/api';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { RecordPreview } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import type { RowAction } from '../../components/crud/types';
import { IncidentAttachments } from './IncidentAttachments';
import { incidentEntitiesOf, moduleQuery } from './incidentEntities';
import { IncidentObject, IncidentObjectClass } from './incidentObjects';
import { IncidentTypeSelect } from './IncidentTypeSelect';
import { IncidentTypesPage } from './IncidentTypesPage';

const COLUMNS = [
  'createdDate',
  'consequence',
  'type',
  'report',
  'objectClass',
  'objectId',
  'createdBy',
  'resolved',
  'resolvedAt',
  'resolvedBy',
];

/** The list of one module's incidents: unresolved by default, CRITICAL in red, resolve and reopen. */
function IncidentList({ module }: { module: IncidentModule }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { incident } = incidentEntitiesOf(module);
  const { can } = useAccess();
  const canWrite = can(incident.write, module);

  const setResolved =
    (action: 'resolve' | 'reopen'): RowAction['onClick'] =>
    async (record, page) => {
      try {
        await api.post(`/incident/${record.id as number}/${action}`, undefined, { query: { module } });
        message.success(t(action === 'resolve' ? 'incident.resolvedDone' : 'incident.reopened'));
      } finally {
        page.refresh();
      }
    };

  const rowActions: RowAction[] = [
    {
      key: 'resolve',
      label: t('incident.resolve'),
      icon: <CheckCircleOutlined />,
      visible: (record, page) => page.canWrite && !record.resolved,
      onClick: setResolved('resolve'),
    },
    {
      key: 'reopen',
      label: t('incident.reopen'),
      icon: <UndoOutlined />,
      visible: (record, page) => page.canWrite && record.resolved === true,
      onClick: setResolved('reopen'),
    },
  ];

  return (
    <CrudPage
      entity={incident}
      apiQuery={moduleQuery(module)}
      stateKey={`incident:${module}`}
      columns={COLUMNS}
      defaultFilters={{ resolved: false }}
      linkParam="incident"
      rowClassName={(record: Row) => (record.consequence === 'CRITICAL' ? 'crud-row-danger' : '')}
      render={{
        objectClass: (value) => <IncidentObjectClass objectClass={value} />,
        objectId: (value, record) => <IncidentObject objectClass={record.objectClass} objectId={value} />,
        consequence: (value) =>
          value === 'CRITICAL' ? (
            <Tag color="red" icon={<WarningFilled />} data-testid="incident-critical">
              {t('entity.incident.values.consequence.CRITICAL')}
            </Tag>
          ) : (
            <Tag color={value === 'LOW' ? 'default' : 'blue'}>
              {t(`entity.incident.values.consequence.${String(value)}`)}
            </Tag>
          ),
      }}
      formItems={{
        type: ({ record, disabled }) => (
          <IncidentTypeSelect
            module={module}
            disabled={disabled}
            known={(record?.type as RefValue | null) ?? null}
          />
        ),
      }}
      wideFields={['description']}
      rowActions={rowActions}
      preview={(record) => (
        <>
          <RecordPreview entity={incident} record={record} />
          <IncidentAttachments module={module} incident={record.id as number} canWrite={canWrite} />
        </>
      )}
    />
  );
}

/**
 * The incidents of one module (/patrol/incidents, /keys/incidents, /stock/incidents): one page for the three.
 * Patrols have no incident-types page in the route table, so their types are a tab here.
 */
export function IncidentsPage({ module }: { module: IncidentModule }) {
  const { t } = useTranslation();
  if (module !== 'MOD_PATROL') return <IncidentList module={module} />;
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'incidents', label: t('incident.tabs.incidents'), children: <IncidentList module={module} /> },
        {
          key: 'types',
          label: t('incident.tabs.types'),
          children: <IncidentTypesPage module={module} />,
        },
      ]}
    />
  );
}

/** The page of a route: a module's incidents, or (`types`) its incident types (see `pages.ts`). */
export const incidentPageOf = (module: IncidentModule, types?: boolean) =>
  function IncidentRoutePage() {
    return types ? <IncidentTypesPage module={module} /> : <IncidentsPage module={module} />;
  };
