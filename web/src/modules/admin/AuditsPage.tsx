import { Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { audit } from '@strazce/contract';
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

/** The preview of an audit entry: who did what, then the request (parameters, headers, body) and the response. */
function AuditPreview({ record }: { record: Row }) {
  const { t } = useTranslation();
  const empty = t('entity.system_audit.empty');
  return (
    <div className="admin-log-preview">
      <div className="admin-log-summary">
        <div className="admin-log-request">
          <MethodTag method={String(record.method)} />
          <span className="admin-mono admin-break admin-log-path">{String(record.path)}</span>
          <StatusTag status={Number(record.status)} />
        </div>
        <RecordPreview
          entity={audit}
          record={record}
          fields={['created', 'author', 'site']}
          timestamps={false}
        />
      </div>
      <Tabs
        className="admin-log-tabs"
        items={[
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

/** /admin/audits: every mutating call and login, read-only, with the request and response in the preview. */
export default function AuditsPage() {
  return (
    <CrudPage
      entity={audit}
      columns={['created', 'author', 'method', 'path', 'status', 'site']}
      render={{
        method: (value) => <MethodTag method={String(value)} />,
        status: (value) => <StatusTag status={Number(value)} />,
        path: (value) => (
          <Typography.Text
            className="admin-mono"
            ellipsis={{ tooltip: String(value) }}
            style={{ maxWidth: 420 }}
          >
            {String(value)}
          </Typography.Text>
        ),
      }}
      preview={(record) => <AuditPreview record={record} />}
      dialogWidth={920}
    />
  );
}
