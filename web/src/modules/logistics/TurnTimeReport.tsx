import { lazy, Suspense, useState } from 'react';
import { Card, Empty, Segmented, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LOGISTICS_TURN_TIME_GROUPS,
  LOGISTICS_TURN_TIME_MAX_DAYS,
  logisticsTransport,
  type LogisticsTurnTime,
} from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { ExportButton } from '../../components/crud/ExportButton';
import { fieldLabel } from '../../components/crud/labels';
import { DayRangePicker, useDayRange } from '../../components/pickers/DayRange';
import { FailureAlert } from '../../components/FailureAlert';
import { BOARD_QUERY_KEY, refLabel } from './transportCells';
import { TURN_TIME_FIGURES, formatMinutes, turnTimeChartRows, type TurnTimeGroup } from './turnTime';
import { TurnTimeFigures } from './TurnTimeFigures';

// The chart library is most of the report's JavaScript: loaded with the report, not with the board.
const TurnTimeChart = lazy(() => import('./TurnTimeChart'));

type TransportFigures = LogisticsTurnTime['transports'][number];
const DEFAULT_DAYS = 7;

/**
 * The turn-time report (a tab of the manager page): for the transports of a date range that left, the waiting
 * before entry, the time at the ramp and the total turn time; the averages per supplier, type or ramp as a
 * chart, every transport in a table, and the CSV of the server.
 */
export function TurnTimeReport() {
  const { t } = useTranslation();
  const { range, setRange, query } = useDayRange(DEFAULT_DAYS);
  const [group, setGroup] = useState<TurnTimeGroup>('supplier');
  const report = useQuery({
    queryKey: [...BOARD_QUERY_KEY, 'report', query],
    queryFn: ({ signal }) =>
      api.get<LogisticsTurnTime>('/logistics/turntime', { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const rows = data ? turnTimeChartRows(data, group, t('logistics.turnTime.noGroup')) : [];
  const label = (name: string) => fieldLabel(t, logisticsTransport, name);
  const failure = report.error as ApiError | NetworkError | null;

  return (
    <div className="logistics-report" data-testid="logistics-turntime">
      <Card size="small">
        <div className="logistics-board-toolbar">
          <Typography.Title level={5} className="logistics-board-title">
            {t('logistics.turnTime.title')}
          </Typography.Title>
          <Space wrap>
            <DayRangePicker
              value={range}
              onChange={setRange}
              maxDays={LOGISTICS_TURN_TIME_MAX_DAYS}
              testId="logistics-turntime-range"
            />
            <ExportButton
              path="/logistics/turntime/export"
              query={query}
              fileName="logistics-turntime"
              testId="logistics-turntime-export"
            />
          </Space>
        </div>
      </Card>
      <FailureAlert failure={failure ? { text: apiErrorText(failure, t) } : null} />
      <TurnTimeFigures
        overall={data?.overall}
        loading={report.isLoading}
        testId="logistics-turntime-figures"
      />
      <Card size="small" title={t('logistics.turnTime.averages')}>
        <Segmented<TurnTimeGroup>
          value={group}
          onChange={setGroup}
          options={LOGISTICS_TURN_TIME_GROUPS.map((value) => ({ value, label: label(value) }))}
          data-testid="logistics-turntime-group"
          className="logistics-report-group"
        />
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logistics.turnTime.empty')} />
        ) : (
          <Suspense fallback={<div className="logistics-chart" />}>
            <TurnTimeChart rows={rows} />
          </Suspense>
        )}
      </Card>
      <Card size="small" title={t('logistics.turnTime.transports')} styles={{ body: { padding: 0 } }}>
        <Table<TransportFigures>
          rowKey="id"
          size="small"
          data-testid="logistics-turntime-table"
          loading={report.isLoading}
          dataSource={data?.transports ?? []}
          scroll={{ x: 1300 }}
          pagination={{ pageSize: 25, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: t('logistics.turnTime.empty') }}
          columns={[
            {
              key: 'licencePlate',
              title: label('licencePlate'),
              width: 120,
              render: (_, row) => row.licencePlate,
            },
            {
              key: 'supplier',
              title: label('supplier'),
              width: 170,
              render: (_, row) => refLabel(row.supplier),
            },
            { key: 'type', title: label('type'), width: 130, render: (_, row) => refLabel(row.type) },
            { key: 'ramp', title: label('ramp'), width: 110, render: (_, row) => refLabel(row.ramp) },
            ...(['datetimeArrive', 'entry', 'leave'] as const).map((name) => ({
              key: name,
              title: label(name),
              width: 170,
              render: (_: unknown, row: TransportFigures) => (
                <span className="logistics-nowrap">{formatDateTime(row[name])}</span>
              ),
            })),
            ...TURN_TIME_FIGURES.map((figure) => ({
              key: figure,
              title: t(`logistics.turnTime.${figure}`),
              width: 110,
              align: 'right' as const,
              render: (_: unknown, row: TransportFigures) => formatMinutes(t, row[figure]),
            })),
          ]}
        />
      </Card>
    </div>
  );
}
