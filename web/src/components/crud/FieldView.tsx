import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity, RefValue } from '@strazce/contract';
import { formatDate, formatDateTime, numberFormat } from '../../lib/format';
import { enumLabel } from './labels';

const MAX_TAGS = 3;

interface FieldViewProps {
  entity: Entity;
  name: string;
  value: unknown;
  /** In a table cell: long texts are cut to one line, long lists to a few tags. */
  compact?: boolean;
}

function TagList({ labels, compact }: { labels: string[]; compact?: boolean }) {
  if (labels.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = compact ? labels.slice(0, MAX_TAGS) : labels;
  const hidden = labels.slice(shown.length);
  return (
    <span className="crud-tags">
      {shown.map((label) => (
        <Tag key={label} variant="filled">
          {label}
        </Tag>
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.join(', ')}>
          <Tag variant="filled" color="processing">
            +{hidden.length}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** A field's value as the user reads it: dates DD.MM.YYYY, times HH:mm:ss, translated enumerations. */
export function FieldView({ entity, name, value, compact }: FieldViewProps) {
  const { t, i18n } = useTranslation();
  const field = entity.fields[name];
  const empty = <Typography.Text type="secondary">—</Typography.Text>;
  if (field.kind === 'bool')
    return value ? (
      <Tag color="success" variant="filled">
        {t('crud.yes')}
      </Tag>
    ) : (
      <Tag variant="filled">{t('crud.no')}</Tag>
    );
  if (field.kind === 'multiEnum')
    return (
      <TagList
        compact={compact}
        labels={((value as string[] | null) ?? []).map((item) => enumLabel(t, entity, name, item))}
      />
    );
  if (field.kind === 'multiRef')
    return (
      <TagList compact={compact} labels={((value as RefValue[] | null) ?? []).map((item) => item.label)} />
    );
  if (value === null || value === undefined || value === '') return empty;
  // In a table cell a text is cut to the column's width, the whole of it in a tooltip.
  const line = (text: string) =>
    compact ? (
      <Typography.Text ellipsis={{ tooltip: text }} className="crud-cell-text">
        {text}
      </Typography.Text>
    ) : (
      <span>{text}</span>
    );
  switch (field.kind) {
    case 'date':
      return <span className="crud-nowrap">{formatDate(value as string)}</span>;
    case 'datetime':
      return <span className="crud-nowrap">{formatDateTime(value as string)}</span>;
    case 'enum':
      return line(enumLabel(t, entity, name, String(value)));
    case 'ref':
      return line((value as RefValue).label);
    case 'int':
    case 'decimal':
      return <span>{numberFormat(i18n.language).format(value as number)}</span>;
    case 'color':
      return (
        <span className="crud-nowrap">
          <span className="crud-swatch" style={{ background: String(value) }} />
          {String(value)}
        </span>
      );
    case 'email':
      return compact ? (
        <Typography.Link
          href={`mailto:${String(value)}`}
          ellipsis
          title={String(value)}
          className="crud-cell-text"
        >
          {String(value)}
        </Typography.Link>
      ) : (
        <a href={`mailto:${String(value)}`}>{String(value)}</a>
      );
    case 'json': {
      const text = JSON.stringify(value, null, compact ? 0 : 2);
      return compact ? (
        <Typography.Text code ellipsis={{ tooltip: text }} className="crud-cell-text">
          {text}
        </Typography.Text>
      ) : (
        <pre className="crud-json">{text}</pre>
      );
    }
    case 'textarea':
      return compact ? (
        <Typography.Text ellipsis={{ tooltip: String(value) }} className="crud-cell-text">
          {String(value)}
        </Typography.Text>
      ) : (
        <span className="crud-pre">{String(value)}</span>
      );
    default:
      return line(String(value));
  }
}
