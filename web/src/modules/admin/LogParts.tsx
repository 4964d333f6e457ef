import type { ReactNode } from 'react';
import { Descriptions, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A titled part of a log preview (request headers, message text), with an optional action on the right. */
export function LogSection({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="admin-log-section">
      <header className="admin-log-section-head">
        <Typography.Text strong>{title}</Typography.Text>
        {extra}
      </header>
      {children}
    </section>
  );
}

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** Any JSON value, indented, in a code block that can be copied; "nothing" for an empty value. */
export function JsonBlock({ value, emptyText }: { value: unknown; emptyText: string }) {
  if (isEmptyValue(value)) return <div className="admin-log-none">{emptyText}</div>;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <div className="admin-code">
      <Typography.Text copyable={{ text }} className="admin-code-copy" />
      <pre>{text}</pre>
    </div>
  );
}

/** HTTP headers (or query parameters) as a name/value list, names in a code font, sorted by name. */
export function HeaderList({ value, emptyText }: { value: unknown; emptyText: string }) {
  if (isEmptyValue(value) || typeof value !== 'object' || Array.isArray(value))
    return <JsonBlock value={value} emptyText={emptyText} />;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      className="admin-headers"
      styles={{ label: { width: '34%' } }}
      items={entries.map(([name, item]) => ({
        key: name,
        label: <span className="admin-mono">{name}</span>,
        children: (
          <span className="admin-mono admin-break">
            {typeof item === 'string' ? item : JSON.stringify(item)}
          </span>
        ),
      }))}
    />
  );
}

/** The state of an outgoing message: sent, waiting for a retry after a failure, or queued. */
export function DeliveryStatus({ delivered, lastError }: { delivered: boolean; lastError?: unknown }) {
  const { t } = useTranslation();
  if (delivered)
    return (
      <Tag color="success" variant="filled">
        {t('entity.system_email.status.sent')}
      </Tag>
    );
  if (typeof lastError === 'string' && lastError)
    return (
      <Tooltip title={lastError}>
        <Tag color="warning" variant="filled">
          {t('entity.system_email.status.retrying')}
        </Tag>
      </Tooltip>
    );
  return (
    <Tag color="processing" variant="filled">
      {t('entity.system_email.status.queued')}
    </Tag>
  );
}

/** A long text cut to one line in a table cell, the whole text on hover. */
export function OneLine({ text, width = 280, danger }: { text: unknown; width?: number; danger?: boolean }) {
  if (text === null || text === undefined || text === '')
    return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text
      ellipsis={{ tooltip: String(text) }}
      type={danger ? 'danger' : undefined}
      style={{ maxWidth: width }}
    >
      {String(text)}
    </Typography.Text>
  );
}
