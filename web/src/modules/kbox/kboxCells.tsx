import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { enumLabel } from '../../components/crud/labels';

/** The colour of a keybox's or a content's status: trouble in red, waiting in blue, done in green. */
const COLORS: Record<string, string> = {
  OK: 'green',
  WARNING: 'orange',
  ERROR: 'red',
  OFFLINE: 'red',
  NEW: 'default',
  DEPOSITED: 'blue',
  PICKED_UP: 'green',
};

/** A status as a coloured tag in its translated name. */
export function StatusTag({ entity, value }: { entity: Entity; value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string') return null;
  return (
    <Tag color={COLORS[value]} data-status={value}>
      {enumLabel(t, entity, 'status', value)}
    </Tag>
  );
}
