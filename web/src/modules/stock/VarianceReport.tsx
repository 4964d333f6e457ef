import { Alert, Grid, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stockTaking, stockTakingLine, type StockVariance } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { fieldLabel } from '../../components/crud/labels';
import { ExportButton } from '../../components/crud/ExportButton';
import { formatQuantity, formatValue } from './stockCells';

type VarianceLine = StockVariance['lines'][number];

/** The tone of a difference: missing in red, found over in green. */
const tone = (difference: number) => (difference < 0 ? 'stock-out' : difference > 0 ? 'stock-in' : undefined);

/**
 * The variance report of a stock taking (`/api/stock/taking/:id/variance`): per line the expected and counted
 * quantities, the difference and its value where the item has a price, and the total value; exported as CSV.
 * Before the close the expected quantities are the stock now (a preview).
 */
export function VarianceReport({ takingId, closed }: { takingId: number; closed: boolean }) {
  const { t, i18n } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const report = useQuery({
    queryKey: [...entityQueryKey(stockTakingLine), 'variance', takingId, closed],
    queryFn: ({ signal }) =>
      api.get<StockVariance>(`/${stockTaking.resource}/${takingId}/variance`, { signal, silent: true }),
  });
  const currency = report.data?.currency ?? '';
  const quantity = (value: number, unit: string, signed = false) =>
    `${formatQuantity(i18n.language, value, signed)} ${unit}`.trim();
  const value = (line: VarianceLine) =>
    line.value === null ? (
      <Typography.Text type="secondary">{t('stock.variance.noPrice')}</Typography.Text>
    ) : (
      <span className={tone(line.value)}>{formatValue(i18n.language, line.value, currency)}</span>
    );
  const label = (name: string) => fieldLabel(t, stockTakingLine, name);

  if (report.error)
    return <Alert type="error" showIcon title={apiErrorText(report.error as ApiError | NetworkError, t)} />;
  const data = report.data;
  const lines = data?.lines ?? [];
  const total = (
    <Typography.Text className="stock-variance-total" data-testid="stock-variance-total">
      {data && t('stock.variance.total', { value: formatValue(i18n.language, data.totalValue, currency) })}
    </Typography.Text>
  );

  return (
    <div data-testid="stock-variance">
      {!closed && <Alert type="info" showIcon className="stock-alert" title={t('stock.variance.preview')} />}
      <div className="crud-bar stock-variance-bar">
        {total}
        <ExportButton
          path={`/${stockTaking.resource}/${takingId}/variance/export`}
          fileName={`stock-taking-${takingId}-variance`}
          testId="stock-variance-export"
        />
      </div>
      {phone ? (
        <div className="stock-variance-cards" data-testid="stock-variance-table">
          {lines.map((line) => (
            <div
              key={`${line.item.id}:${line.warehouse.id}`}
              className="stock-variance-card"
              data-testid="stock-variance-row"
              data-item={line.item.code}
            >
              <Typography.Text strong>{line.item.label}</Typography.Text>
              <dl>
                <dt>{label('warehouse')}</dt>
                <dd>{line.warehouse.label}</dd>
                <dt>{label('expected')}</dt>
                <dd>{quantity(line.expected, line.unit)}</dd>
                <dt>{label('counted')}</dt>
                <dd>{quantity(line.counted, line.unit)}</dd>
                <dt>{label('difference')}</dt>
                <dd className={tone(line.difference)}>{quantity(line.difference, line.unit, true)}</dd>
                <dt>{t('stock.variance.value')}</dt>
                <dd>{value(line)}</dd>
              </dl>
            </div>
          ))}
        </div>
      ) : (
        <Table<VarianceLine>
          size="small"
          loading={report.isLoading}
          dataSource={lines}
          rowKey={(line) => `${line.item.id}:${line.warehouse.id}`}
          pagination={false}
          scroll={{ x: 760 }}
          data-testid="stock-variance-table"
          onRow={(line) => ({ 'data-testid': 'stock-variance-row', 'data-item': line.item.code }) as object}
          columns={[
            { key: 'item', title: label('item'), render: (_, line) => line.item.label, width: 240 },
            {
              key: 'warehouse',
              title: label('warehouse'),
              render: (_, line) => line.warehouse.label,
              width: 160,
            },
            {
              key: 'expected',
              title: label('expected'),
              align: 'right',
              render: (_, line) => quantity(line.expected, line.unit),
            },
            {
              key: 'counted',
              title: label('counted'),
              align: 'right',
              render: (_, line) => quantity(line.counted, line.unit),
            },
            {
              key: 'difference',
              title: label('difference'),
              align: 'right',
              render: (_, line) => (
                <span className={tone(line.difference)}>{quantity(line.difference, line.unit, true)}</span>
              ),
            },
            {
              key: 'value',
              title: t('stock.variance.value'),
              align: 'right',
              render: (_, line) => value(line),
            },
          ]}
        />
      )}
    </div>
  );
}
