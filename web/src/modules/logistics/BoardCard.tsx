import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { logisticsTransport } from '@strazce/contract';
import { formatShortTime } from '../../lib/format';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import type { BoardTransport } from './boardModel';
import { refLabel, type ColoredRef } from './transportCells';

/**
 * A transport on the board: its plate and arrival, supplier and type, ramp and what is done with it, in its
 * status's colour; 'Provést operaci' when the user may act.
 */
export function BoardCard({
  transport,
  color,
  compact,
  onExecute,
  testId = 'logistics-board-card',
}: {
  transport: BoardTransport;
  color: string | null;
  /** A line of a queue: the plate, supplier and time only. */
  compact?: boolean;
  onExecute?(transport: Row): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const label = (name: string) => fieldLabel(t, logisticsTransport, name);
  const plate = (transport.licencePlate as string | null) || `#${transport.id}`;
  const operations = (transport.logisticsOperations as ColoredRef[] | null) ?? [];
  const time = compact && transport.waiting === 'DEPARTURE' ? transport.entry : transport.datetimeArrive;
  return (
    <div
      className={`logistics-card${compact ? ' logistics-card-compact' : ''}`}
      style={{ borderInlineStartColor: color ?? undefined }}
      data-testid={testId}
      data-transport-id={transport.id}
    >
      <div className="logistics-card-head">
        <Typography.Text strong className="logistics-card-plate">
          {plate}
        </Typography.Text>
        <Typography.Text type="secondary" className="logistics-card-time">
          {formatShortTime(time as string | null)}
        </Typography.Text>
      </div>
      <Typography.Text className="logistics-card-line" ellipsis>
        {[refLabel(transport.supplier), refLabel(transport.type)].filter(Boolean).join(' · ') || '—'}
      </Typography.Text>
      {!compact && (
        <>
          {transport.ramp != null && (
            <Typography.Text type="secondary" className="logistics-card-line">
              {label('ramp')}: {refLabel(transport.ramp)}
            </Typography.Text>
          )}
          {operations.length > 0 && (
            <div className="logistics-card-tags">
              {operations.map((operation) => (
                <Tag key={operation.id} color={operation.color ?? undefined}>
                  {operation.label}
                </Tag>
              ))}
            </div>
          )}
        </>
      )}
      {onExecute && (
        <Button
          size="small"
          type={compact ? 'text' : 'default'}
          icon={<PlayCircleOutlined />}
          className="logistics-card-action"
          onClick={() => onExecute(transport as Row)}
          data-testid="logistics-card-execute"
          aria-label={t('logistics.action.execute')}
        >
          {compact ? null : t('logistics.action.execute')}
        </Button>
      )}
    </div>
  );
}
