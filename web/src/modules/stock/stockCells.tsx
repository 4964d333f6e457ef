import { ClockCircleOutlined, WarningFilled } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefValue } from '@strazce/contract';
import { formatDateTime, numberFormat } from '../../lib/format';
import { overdueText } from '../../lib/overdue';
import { isOpenLending, isOverdueLending, type LendingRow } from './movement';

/** A quantity in the language's format (`1 234,5` in Czech, `1,234.5` in English); empty for none. */
export function formatQuantity(language: string, value: unknown, signed = false): string {
  if (typeof value !== 'number') return '';
  return numberFormat(language, {
    maximumFractionDigits: 3,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
}

/** An amount of money in the language's format, two decimals, in its currency (the site's STOCK_CURRENCY). */
export function formatValue(language: string, value: number, currency: string): string {
  return numberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** An item as the lists name it: "name (code)". */
export const itemLabel = (item: Record<string, unknown>) =>
  `${String(item.name ?? '')} (${String(item.code ?? '')})`;

/** A reference's label (`{ id, label }` on the wire). */
export const refLabel = (value: unknown): string => (value as RefValue | null | undefined)?.label ?? '';

/** The flag of an item (or a warehouse's stock of it) under its minimum. */
export function BelowMinimumTag({ below }: { below: unknown }) {
  const { t } = useTranslation();
  if (below !== true) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tag color="orange" icon={<WarningFilled />} data-testid="stock-below-minimum" className="stock-flag">
      {t('stock.belowMinimum')}
    </Tag>
  );
}

/** The stock now; in red when under the minimum. */
export function CurrentCell({ value, below }: { value: unknown; below: unknown }) {
  const { i18n } = useTranslation();
  return (
    <span className={below === true ? 'stock-low' : undefined}>{formatQuantity(i18n.language, value)}</span>
  );
}

/** The units of a movement: in green with '+', out in red with '−'. */
export function UnitsCell({ value }: { value: unknown }) {
  const { i18n } = useTranslation();
  const tone = typeof value === 'number' && value < 0 ? 'stock-out' : 'stock-in';
  return <span className={tone}>{formatQuantity(i18n.language, value, true)}</span>;
}

/**
 * The due time of a lending; one still out past it gets a red badge saying for how long, a returned one says
 * it came back.
 */
export function LendingDueCell({ row, now }: { row: LendingRow; now: number }) {
  const { t } = useTranslation();
  const due = typeof row.due === 'string' ? formatDateTime(row.due) : '';
  if (!due) return <Typography.Text type="secondary">—</Typography.Text>;
  const late = isOverdueLending(row, now);
  const by = late ? overdueText(t, row, now) : null;
  return (
    <span className="stock-due">
      <span>{due}</span>
      {late && (
        <Tag color="red" icon={<ClockCircleOutlined />} data-testid="stock-overdue" className="stock-flag">
          {by ? t('stock.lending.overdueBy', { time: by }) : t('stock.lending.overdue')}
        </Tag>
      )}
      {!late && isOpenLending(row) === false && row.returned === true && (
        <Tag color="green" className="stock-flag">
          {t('stock.lending.returned')}
        </Tag>
      )}
    </span>
  );
}
