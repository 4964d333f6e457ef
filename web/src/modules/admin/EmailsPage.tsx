import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailLog } from '@strazce/contract';
import { RecordPreview } from '../../components/crud/CrudDialog';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { DeliveryStatus, LogSection, OneLine, useResend } from './LogParts';
import './system.css';

/** The preview of an e-mail: its delivery, then the message as the recipient reads it. */
function EmailPreview({ record }: { record: Row }) {
  const { t } = useTranslation();
  // The next attempt matters only while the message waits.
  const waiting = record.delivered === true ? [] : ['nextAttempt'];
  return (
    <div className="admin-log-preview">
      <RecordPreview
        entity={emailLog}
        record={record}
        fields={['recipient', 'site', 'queued', 'sent', 'attempts', ...waiting, 'lastError']}
        timestamps={false}
      />
      <LogSection
        title={t('entity.system_email.message')}
        extra={<DeliveryStatus state={record.state} lastError={record.lastError} />}
      >
        <div className="admin-message">
          <div className="admin-message-head">
            <Typography.Text type="secondary">{t('entity.system_email.fields.subject')}:</Typography.Text>{' '}
            <Typography.Text strong>{String(record.subject ?? '')}</Typography.Text>
          </div>
          <div className="admin-message-body">{String(record.body ?? '')}</div>
        </div>
      </LogSection>
    </div>
  );
}

/** /admin/emails: the outbox and log of e-mails, read-only, with the message in the preview. */
export default function EmailsPage() {
  const resend = useResend('system_email');
  return (
    <CrudPage
      rowActions={[resend.rowAction]}
      toolbar={resend.toolbar}
      entity={emailLog}
      columns={['queued', 'recipient', 'subject', 'state', 'sent', 'attempts', 'lastError', 'site']}
      optionalColumns={['sent', 'site']}
      columnWidths={{ state: 220 }}
      render={{
        subject: (value) => <OneLine text={value} width={320} />,
        state: (value, record) => <DeliveryStatus state={value} lastError={record.lastError} />,
        lastError: (value) => <OneLine text={value} width={220} danger />,
      }}
      preview={(record) => <EmailPreview record={record} />}
      dialogWidth={820}
    />
  );
}
