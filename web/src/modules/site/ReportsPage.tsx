import { lazy, Suspense, useState } from 'react';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ClockCircleOutlined,
  DownloadOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Select, Space, Statistic, Table, Typography } from 'antd';
import { IconButton } from '../../components/IconButton';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GATE_LOAD_MAX_DAYS, WIRE_DATE, type GateLoadReport, type GateLoadRow } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { PICKER_FORMATS, displayTimeZone, formatDate, now, numberFormat } from '../../lib/format';
import { StatusMessage } from '../../components/StatusMessage';
import { useDownload } from '../../components/useDownload';
import { hourRange, reportGates, rowsOfGate, summarize } from './gateLoad';
import './site.css';

const DEFAULT_DAYS = 7;

function parseDay(value: string | null): Dayjs | null {
  if (!value) return null;
  const day = dayjs(value, WIRE_DATE, true);
  return day.isValid() ? day : null;
}

/** The report's days from the address (`?from=&to=`), else the last seven days up to today. */
function useReportRange() {
  const [params, setParams] = useSearchParams();
  const from = parseDay(params.get('from'));
  const to = parseDay(params.get('to'));
  const range: [Dayjs, Dayjs] =
    from && to && !to.isBefore(from)
      ? [from, to]
      : [
          now()
            .subtract(DEFAULT_DAYS - 1, 'day')
            .startOf('day'),
          now().startOf('day'),
        ];
  const setRange = (next: [Dayjs, Dayjs]) =>
    setParams({ from: next[0].format(WIRE_DATE), to: next[1].format(WIRE_DATE) }, { replace: true });
  return [range, setRange] as const;
}

// The chart library is most of the report's JavaScript: loaded beside the data, not with the page.
const GateLoadChart = lazy(() => import('./GateLoadChart'));

function GateLoadTable({ rows, loading }: { rows: GateLoadRow[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => numberFormat(i18n.language).format(value);
  const total = summarize(rows);
  return (
    <Table<GateLoadRow>
      size="middle"
      rowKey={(row) => `${row.gate.id}:${row.hour}`}
      dataSource={rows}
      loading={loading}
      pagination={rows.length > 24 ? { pageSize: 24, showSizeChanger: false } : false}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.gateLoad.empty')} />,
      }}
      columns={[
        { key: 'gate', title: t('reports.gateLoad.gate'), render: (_, row) => row.gate.label },
        { key: 'hour', title: t('reports.gateLoad.hour'), render: (_, row) => hourRange(row.hour) },
        {
          key: 'entries',
          title: t('reports.gateLoad.entries'),
          align: 'right',
          render: (_, row) => number(row.entries),
        },
        {
          key: 'departures',
          title: t('reports.gateLoad.departures'),
          align: 'right',
          render: (_, row) => number(row.departures),
        },
        {
          key: 'total',
          title: t('reports.gateLoad.total'),
          align: 'right',
          render: (_, row) => (
            <Typography.Text strong>{number(row.entries + row.departures)}</Typography.Text>
          ),
        },
      ]}
      summary={() =>
        rows.length > 0 && (
          <Table.Summary.Row className="site-summary-row">
            <Table.Summary.Cell index={0} colSpan={2}>
              {t('reports.gateLoad.sum')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {number(total.entries)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {number(total.departures)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {number(total.entries + total.departures)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )
      }
    />
  );
}

/**
 * /site/reports: the gate-load report of the current site — entries and departures per gate and hour of the
 * day over a date range, as a chart and a table, exportable to CSV.
 */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  const download = useDownload();
  const [range, setRange] = useReportRange();
  const [gateId, setGateId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = {
    from: range[0].format(WIRE_DATE),
    to: range[1].format(WIRE_DATE),
    timeZone: displayTimeZone(),
  };

  const report = useQuery({
    queryKey: ['report', 'gate_load', query],
    queryFn: ({ signal }) => api.get<GateLoadReport>('/report/gate_load', { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const allRows = report.data?.rows ?? [];
  const gates = reportGates(allRows);
  const shownGate = gates.some((gate) => gate.id === gateId) ? gateId : null;
  const rows = rowsOfGate(allRows, shownGate);
  const summary = summarize(rows);
  const number = (value: number) => numberFormat(i18n.language).format(value);

  const exportCsv = async () => {
    setExporting(true);
    await download('/report/gate_load.csv', `gate_load_${query.from}_${query.to}.csv`, {
      ...query,
      lang: i18n.language === 'cs' ? 'cs' : 'en',
    });
    setExporting(false);
  };

  const today = dayjs().startOf('day');
  const presets = [
    { label: t('reports.range.today'), value: [today, today] as [Dayjs, Dayjs] },
    { label: t('reports.range.last7'), value: [today.subtract(6, 'day'), today] as [Dayjs, Dayjs] },
    { label: t('reports.range.last30'), value: [today.subtract(29, 'day'), today] as [Dayjs, Dayjs] },
    { label: t('reports.range.thisMonth'), value: [today.startOf('month'), today] as [Dayjs, Dayjs] },
    {
      label: t('reports.range.lastMonth'),
      value: [
        today.subtract(1, 'month').startOf('month'),
        today.subtract(1, 'month').endOf('month').startOf('day'),
      ] as [Dayjs, Dayjs],
    },
  ];

  const failure = report.error as ApiError | NetworkError | null;
  const empty = report.isSuccess && rows.length === 0;

  return (
    <div className="site-report" data-testid="gate-load-report">
      <Card className="site-report-bar" styles={{ body: { padding: '12px 16px' } }}>
        <div className="site-report-toolbar">
          <div className="site-report-heading">
            <Typography.Title level={5} className="site-report-title">
              {t('reports.gateLoad.title')}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('reports.gateLoad.subtitle', {
                from: formatDate(query.from),
                to: formatDate(query.to),
                zone: displayTimeZone(),
              })}
            </Typography.Text>
          </div>
          <Space wrap>
            <DatePicker.RangePicker
              value={range}
              format={PICKER_FORMATS.date}
              allowClear={false}
              presets={presets}
              disabledDate={(current, info) =>
                info.from ? Math.abs(current.diff(info.from, 'day')) >= GATE_LOAD_MAX_DAYS : false
              }
              onChange={(next) => {
                if (next?.[0] && next[1]) setRange([next[0].startOf('day'), next[1].startOf('day')]);
              }}
              aria-label={t('reports.range.label')}
              data-testid="gate-load-range"
            />
            <Select<number | 'all'>
              value={shownGate ?? 'all'}
              onChange={(value) => setGateId(value === 'all' ? null : value)}
              style={{ minWidth: 180 }}
              options={[
                { value: 'all', label: t('reports.gateLoad.allGates') },
                ...gates.map((gate) => ({ value: gate.id, label: gate.label })),
              ]}
              aria-label={t('reports.gateLoad.gate')}
            />
            <IconButton
              label={t('crud.refresh')}
              icon={<ReloadOutlined spin={report.isFetching} />}
              onClick={() => void report.refetch()}
            />
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
              {t('reports.exportCsv')}
            </Button>
          </Space>
        </div>
      </Card>

      {failure && !report.data ? (
        <Card>
          <StatusMessage
            title={t('reports.loadFailed')}
            detail={apiErrorText(failure, t)}
            extra={
              <Button type="primary" onClick={() => void report.refetch()}>
                {t('crud.retry')}
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <div className="site-stats">
            <Card>
              <Statistic
                title={t('reports.gateLoad.entries')}
                value={summary.entries}
                formatter={(value) => number(Number(value))}
                prefix={<ArrowDownOutlined className="site-stat-in" />}
                loading={report.isLoading}
              />
            </Card>
            <Card>
              <Statistic
                title={t('reports.gateLoad.departures')}
                value={summary.departures}
                formatter={(value) => number(Number(value))}
                prefix={<ArrowUpOutlined className="site-stat-out" />}
                loading={report.isLoading}
              />
            </Card>
            <Card>
              <Statistic
                title={t('reports.gateLoad.busiestHour')}
                value={summary.busiestHour ? hourRange(summary.busiestHour.hour) : '—'}
                prefix={<ClockCircleOutlined className="site-stat-hour" />}
                loading={report.isLoading}
              />
            </Card>
            <Card>
              <Statistic
                title={t('reports.gateLoad.gatesWithTraffic')}
                value={summary.gates}
                loading={report.isLoading}
              />
            </Card>
          </div>

          <Card title={t('reports.gateLoad.chartTitle')} className="site-report-card">
            {empty ? (
              <Empty
                className="site-chart-empty"
                data-testid="gate-load-empty"
                description={t('reports.gateLoad.empty')}
              />
            ) : (
              <Suspense fallback={<div className="site-chart" />}>
                <GateLoadChart rows={rows} />
              </Suspense>
            )}
          </Card>

          <Card
            title={t('reports.gateLoad.tableTitle')}
            className="site-report-card"
            styles={{ body: { padding: 0 } }}
          >
            <GateLoadTable rows={rows} loading={report.isLoading} />
          </Card>
        </>
      )}
    </div>
  );
}
