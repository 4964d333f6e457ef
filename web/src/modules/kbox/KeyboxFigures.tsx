import { lazy, Suspense, useDeferredValue } from 'react';
import { Card, Empty, Space, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { kboxKeybox, type KboxFigures } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { ExportButton } from '../../components/crud/ExportButton';
import { DayRangePicker, useDayRange } from '../../components/pickers/DayRange';
import { preloadPickers } from '../../components/pickers';
import { FailureAlert } from '../../components/FailureAlert';
import { StatusTag } from './kboxCells';

// The chart library is most of the figures' JavaScript: a chunk of its own, not in the list's. Its load (and the
// date pickers') starts with this module, beside the list's request, instead of after the figures first render
// (a chain of chunk loads that held the keybox manager's first paint back).
const loadChart = () => import('./KeyboxFiguresChart');
void loadChart().catch(() => undefined);
preloadPickers();
const KeyboxFiguresChart = lazy(loadChart);

type Figure = KboxFigures[number];
const NO_FIGURES: Figure[] = [];
const DEFAULT_DAYS = 30;

/** Minutes as hours and minutes ("2 h 05 min"). */
export function formatMinutes(minutes: number | null, t: TFunction): string {
  if (minutes === null) return '—';
  const rounded = Math.round(minutes);
  return t('kbox.figures.duration', { hours: Math.floor(rounded / 60), minutes: rounded % 60 });
}

/**
 * The pick-up figures of the site's keyboxes (`/api/kbox/keybox/figures`): per keybox the contents waiting now
 * and the oldest of them, and over the date range the contents picked up and the median time from deposit to
 * pick-up, as a chart and a table, and the server's CSV.
 */
export function KeyboxFigures() {
  const { t } = useTranslation();
  const { range, setRange, query } = useDayRange(DEFAULT_DAYS);
  const figures = useQuery({
    queryKey: [...entityQueryKey(kboxKeybox), 'figures', query],
    queryFn: ({ signal }) => api.get<KboxFigures>('/kbox/keybox/figures', { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const rows = figures.data ?? [];
  // The chart is drawn after the rest has painted: its render is the page's longest, and the keyboxes' list,
  // whose answer comes at the same time, would otherwise wait for it.
  const chartRows = useDeferredValue(rows, NO_FIGURES);
  const failure = figures.error as ApiError | NetworkError | null;

  return (
    <Card size="small" className="kbox-figures" title={t('kbox.figures.title')} data-testid="kbox-figures">
      <div className="kbox-figures-bar">
        <Space wrap>
          <DayRangePicker value={range} onChange={setRange} testId="kbox-figures-range" />
          <ExportButton
            path="/kbox/keybox/figures/export"
            query={query}
            fileName="keybox-figures"
            testId="kbox-figures-export"
          />
        </Space>
      </div>
      <FailureAlert failure={failure ? { text: apiErrorText(failure, t) } : null} />
      {rows.length === 0 && !figures.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('kbox.figures.empty')} />
      ) : (
        <>
          <Suspense fallback={<div className="kbox-chart" />}>
            <KeyboxFiguresChart rows={chartRows} />
          </Suspense>
          <Table<Figure>
            className="kbox-figures-table"
            rowKey={(row) => row.keybox.id}
            size="small"
            loading={figures.isLoading}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="kbox-figures-table"
            columns={[
              { key: 'keybox', title: t('kbox.figures.keybox'), render: (_, row) => row.keybox.label },
              {
                key: 'status',
                title: t('kbox.figures.status'),
                render: (_, row) => <StatusTag entity={kboxKeybox} value={row.status} />,
              },
              { key: 'waiting', title: t('kbox.figures.waiting'), dataIndex: 'waiting', align: 'right' },
              {
                key: 'oldestWaiting',
                title: t('kbox.figures.oldestWaiting'),
                render: (_, row) => (row.oldestWaiting ? formatDateTime(row.oldestWaiting) : '—'),
              },
              { key: 'pickedUp', title: t('kbox.figures.pickedUp'), dataIndex: 'pickedUp', align: 'right' },
              {
                key: 'medianMinutes',
                title: t('kbox.figures.median'),
                align: 'right',
                render: (_, row) => formatMinutes(row.medianMinutes, t),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
