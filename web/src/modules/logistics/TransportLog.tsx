import { Alert, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logisticsTransportLog } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { FieldView } from '../../components/crud/FieldView';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { ColoredTag } from './transportCells';

const entity = logisticsTransportLog;
const COLUMNS = ['time', 'user', 'operation', 'startStatus', 'endStatus', 'note'] as const;
const WIDTHS: Record<(typeof COLUMNS)[number], number> = {
  time: 170,
  user: 140,
  operation: 180,
  startStatus: 150,
  endStatus: 150,
  note: 220,
};
/** The log of one transport is short: its first page holds it all. */
const LOG_SIZE = 100;

/** The operation log of a transport, oldest first (the entries of the entity's log, read-only). */
export function useTransportLog(transport: number) {
  return useQuery({
    queryKey: [...entityQueryKey(entity), 'of', transport],
    queryFn: ({ signal }) =>
      api.list<Row>(
        `/${entity.resource}`,
        { transport, page: 1, size: LOG_SIZE, sort: 'time,asc' },
        { signal, silent: true },
      ),
  });
}

/**
 * The operation log of a transport under its row (and in its preview): who executed which operation when,
 * from which status to which; a correction ('Upravit operaci') is marked.
 */
export function TransportLog({ transport }: { transport: number }) {
  const { t } = useTranslation();
  const log = useTransportLog(transport);
  if (log.error)
    return <Alert type="error" showIcon title={apiErrorText(log.error as ApiError | NetworkError, t)} />;
  return (
    <Table<Row>
      className="logistics-log"
      data-testid="logistics-transport-log"
      rowKey="id"
      size="small"
      loading={log.isLoading}
      pagination={false}
      dataSource={log.data?.rows ?? []}
      scroll={{ x: Object.values(WIDTHS).reduce((sum, width) => sum + width, 0) }}
      locale={{ emptyText: t('logistics.log.empty') }}
      columns={COLUMNS.map((name) => ({
        key: name,
        title: fieldLabel(t, entity, name),
        width: WIDTHS[name],
        render: (_: unknown, record: Row) =>
          name === 'startStatus' || name === 'endStatus' ? (
            <ColoredTag value={record[name]} />
          ) : name === 'operation' && record.edit ? (
            <>
              <FieldView entity={entity} name={name} value={record[name]} compact />{' '}
              <span className="logistics-log-edit">({t('logistics.log.edit')})</span>
            </>
          ) : (
            <FieldView entity={entity} name={name} value={record[name]} compact />
          ),
      }))}
    />
  );
}
