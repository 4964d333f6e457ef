import type { ReactNode } from 'react';
import { App, Button, Descriptions, Tag, Tooltip, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeliveryState, ResendResult } from '@strazce/contract';
import { api } from '../../lib/api';
import { useConfigNotices } from '../../components/configuration';
import type { CrudPageApi, RowAction } from '../../components/crud/types';

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

/**
 * The state of an outgoing message (DELIVERY_STATES): sent, queued or waiting for a retry after a failure,
 * kept as not sent for want of a transport, or given up.
 */
export function DeliveryStatus({ state, lastError }: { state: unknown; lastError?: unknown }) {
  const { t } = useTranslation();
  const label = (value: DeliveryState) => t(`entity.system_email.values.state.${value}`);
  if (state === 'SENT')
    return (
      <Tag color="success" variant="filled">
        {label('SENT')}
      </Tag>
    );
  if (state === 'NO_TRANSPORT')
    return (
      <Tooltip title={t('entity.system_email.noTransportHint')}>
        <Tag color="error" variant="filled" data-testid="delivery-no-transport">
          {label('NO_TRANSPORT')}
        </Tag>
      </Tooltip>
    );
  const error = typeof lastError === 'string' && lastError ? lastError : undefined;
  if (state === 'FAILED')
    return (
      <Tooltip title={error}>
        <Tag color="error" variant="filled">
          {label('FAILED')}
        </Tag>
      </Tooltip>
    );
  if (error)
    return (
      <Tooltip title={error}>
        <Tag color="warning" variant="filled">
          {t('entity.system_email.status.retrying')}
        </Tag>
      </Tooltip>
    );
  return (
    <Tag color="processing" variant="filled">
      {label('WAITING')}
    </Tag>
  );
}

/**
 * The re-send of messages kept as not sent for want of a transport (`POST /api/<resource>/…/resend`): a row
 * action on each such message and a toolbar button for all of them. The server refuses (NO_TRANSPORT) while no
 * transport is configured; the app's error notice says so.
 */
export function useResend(resource: 'system_email' | 'system_sms') {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resend = async (path: string, page: CrudPageApi) => {
    const { resent } = await api.post<ResendResult>(path);
    message.success(t(`entity.${resource}.resent`, { count: resent }));
    page.refresh();
  };
  const rowAction: RowAction = {
    key: 'resend',
    label: t(`entity.${resource}.resend`),
    icon: <SendOutlined />,
    testId: 'message-resend',
    visible: (record) => record.state === 'NO_TRANSPORT',
    onClick: (record, page) =>
      void resend(`/${resource}/${String(record.id)}/resend`, page).catch(() => undefined),
  };
  const { held } = useConfigNotices();
  const kept = resource === 'system_email' ? held.email : held.sms;
  const toolbar = (page: CrudPageApi) =>
    kept > 0 && (
      <Button
        icon={<SendOutlined />}
        onClick={() => void resend(`/${resource}/resend`, page).catch(() => undefined)}
        data-testid="messages-resend-all"
      >
        {t(`entity.${resource}.resendAll`)} ({kept})
      </Button>
    );
  return { rowAction, toolbar };
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
