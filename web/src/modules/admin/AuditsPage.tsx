import { useState } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { audit, PERSONAL_VALUE_MASK, type AuditVerification } from '@strazce/contract';
import { api } from '../../lib/api';
import { RecordPreview } from '../../components/crud/CrudDialog';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { HeaderList, JsonBlock, LogSection } from './LogParts';
import './system.css';

const METHOD_COLORS: Record<string, string> = {
  GET: 'default',
  POST: 'green',
  PUT: 'blue',
  PATCH: 'cyan',
  DELETE: 'red',
};

/** The HTTP method as a small coloured code. */
export function MethodTag({ method }: { method: string }) {
  return (
    <Tag color={METHOD_COLORS[method] ?? 'default'} className="admin-method">
      {method}
    </Tag>
  );
}

/** The response status, coloured by its class: success, redirect, refused, failed. */
export function StatusTag({ status }: { status: number }) {
  const color = status >= 500 ? 'error' : status >= 400 ? 'warning' : status >= 300 ? 'default' : 'success';
  return (
    <Tag color={color} variant="filled" className="admin-status">
      {status}
    </Tag>
  );
}

const EVENT_COLORS: Record<string, string> = {
  WRITE: 'blue',
  LOGIN: 'green',
  LOGIN_FAILED: 'orange',
  DENIED: 'red',
  REFUSED: 'gold',
  EXPORT: 'purple',
};

/** What the entry records: a write, a login, a refusal, an export. */
function EventTag({ event }: { event: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={EVENT_COLORS[event] ?? 'default'}>
      {t(`entity.system_audit.values.event.${event}`, event)}
    </Tag>
  );
}

/** The business record of an entry: entity and record id. */
function RecordCell({ record }: { record: Row }) {
  if (!record.entity) return null;
  return (
    <span className="admin-audit-record">
      <Typography.Text className="admin-mono" ellipsis={{ tooltip: String(record.entity) }}>
        {String(record.entity)}
      </Typography.Text>
      {record.recordId !== null && record.recordId !== undefined && (
        <Typography.Text type="secondary" className="admin-mono">
          #{String(record.recordId)}
        </Typography.Text>
      )}
    </span>
  );
}

/** The changed fields of a write: field, value before, value after. */
function ChangesTable({ value, emptyText }: { value: unknown; emptyText: string }) {
  const { t } = useTranslation();
  const entries = Object.entries((value ?? {}) as Record<string, { from?: unknown; to?: unknown }>);
  if (entries.length === 0) return <div className="admin-log-none">{emptyText}</div>;
  const show = (item: unknown) =>
    item === undefined ? (
      ''
    ) : item === PERSONAL_VALUE_MASK ? (
      <em className="admin-audit-personal">{t('entity.system_audit.personalValue')}</em>
    ) : (
      JSON.stringify(item)
    );
  return (
    <table className="admin-audit-changes">
      <thead>
        <tr>
          <th scope="col">{t('entity.system_audit.field')}</th>
          <th scope="col">{t('entity.system_audit.before')}</th>
          <th scope="col">{t('entity.system_audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([field, change]) => (
          <tr key={field}>
            <td className="admin-mono">{field}</td>
            <td className="admin-mono">{show(change.from)}</td>
            <td className="admin-mono">{show(change.to)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The preview of an audit entry: who did what, then the request (parameters, headers, body) and the response. */
function AuditPreview({ record }: { record: Row }) {
  const { t } = useTranslation();
  const empty = t('entity.system_audit.empty');
  return (
    <div className="admin-log-preview">
      <div className="admin-log-summary">
        <div className="admin-log-request">
          <EventTag event={String(record.event)} />
          <MethodTag method={String(record.method)} />
          <span className="admin-mono admin-break admin-log-path">{String(record.path)}</span>
          <StatusTag status={Number(record.status)} />
        </div>
        <RecordPreview
          entity={audit}
          record={record}
          fields={['created', 'author', 'site', 'entity', 'recordId', 'address', 'client']}
          timestamps={false}
        />
      </div>
      <Tabs
        className="admin-log-tabs"
        items={[
          {
            key: 'changes',
            label: t('entity.system_audit.fields.changes'),
            children: <ChangesTable value={record.changes} emptyText={empty} />,
          },
          {
            key: 'request',
            label: t('entity.system_audit.request'),
            children: (
              <>
                <LogSection title={t('entity.system_audit.fields.params')}>
                  <HeaderList value={record.params} emptyText={empty} />
                </LogSection>
                <LogSection title={t('entity.system_audit.fields.requestBody')}>
                  <JsonBlock value={record.requestBody} emptyText={empty} />
                </LogSection>
                <LogSection title={t('entity.system_audit.fields.requestHeaders')}>
                  <HeaderList value={record.requestHeaders} emptyText={empty} />
                </LogSection>
              </>
            ),
          },
          {
            key: 'response',
            label: t('entity.system_audit.response'),
            children: (
              <LogSection title={t('entity.system_audit.fields.responseHeaders')}>
                <HeaderList value={record.responseHeaders} emptyText={empty} />
              </LogSection>
            ),
          },
        ]}
      />
    </div>
  );
}

/** The integrity check of the audit trail's hash chains, and its answer above the table. */
function VerifyChains() {
  const { t } = useTranslation();
  const [state, setState] = useState<{ loading: boolean; result?: AuditVerification }>({ loading: false });
  const verify = async () => {
    setState({ loading: true });
    try {
      setState({ loading: false, result: await api.get<AuditVerification>('/system_audit/verify') });
    } catch {
      // The failure is shown by the app's error notification.
      setState({ loading: false });
    }
  };
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} loading={state.loading} onClick={() => void verify()}>
        {t('entity.system_audit.verify')}
      </Button>
      {state.result && (
        <Alert
          role="status"
          className="admin-audit-verification"
          type={state.result.intact ? 'success' : 'error'}
          showIcon
          closable
          onClose={() => setState({ loading: false })}
          title={
            state.result.intact
              ? t('entity.system_audit.intact', { count: state.result.checked, chains: state.result.chains })
              : t('entity.system_audit.broken', { count: state.result.breaks.length })
          }
          description={
            state.result.intact ? undefined : (
              <ul className="admin-audit-breaks">
                {state.result.breaks.map((item) => (
                  <li key={`${item.site}-${item.entryId}`}>
                    {t(`entity.system_audit.problem.${item.problem}`, {
                      entry: item.entryId ?? '–',
                      site: item.site ?? t('entity.system_audit.noSite'),
                    })}
                  </li>
                ))}
              </ul>
            )
          }
        />
      )}
    </>
  );
}

/**
 * /admin/audits: writes, logins, refusals and exports, read-only, with the changed fields, the request and
 * the response in the preview, and the check of the trail's hash chains.
 */
export default function AuditsPage() {
  return (
    <CrudPage
      entity={audit}
      columns={['created', 'event', 'author', 'entity', 'method', 'path', 'status', 'site']}
      render={{
        event: (value) => <EventTag event={String(value)} />,
        entity: (_value, record) => <RecordCell record={record} />,
        method: (value) => <MethodTag method={String(value)} />,
        status: (value) => <StatusTag status={Number(value)} />,
        path: (value) => (
          <Typography.Text
            className="admin-mono"
            ellipsis={{ tooltip: String(value) }}
            style={{ maxWidth: 260 }}
          >
            {String(value)}
          </Typography.Text>
        ),
      }}
      toolbar={() => <VerifyChains />}
      preview={(record) => <AuditPreview record={record} />}
      dialogWidth={920}
    />
  );
}
