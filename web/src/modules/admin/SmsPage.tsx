import { useTranslation } from 'react-i18next';
import { smsLog } from '@strazce/contract';
import { RecordPreview } from '../../components/crud/CrudDialog';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { DeliveryStatus, LogSection, OneLine, useResend } from './LogParts';
import './system.css';

/** The preview of an SMS: its delivery, then the text as a message bubble. */
function SmsPreview({ record }: { record: Row }) {
  const { t } = useTranslation();
  // The next attempt matters only while the message waits.
  const waiting = record.sentSuccessFull === true ? [] : ['nextAttempt'];
  return (
    <div className="admin-log-preview">
      <RecordPreview
        entity={smsLog}
        record={record}
        fields={['recipient', 'site', 'created', 'sent', 'sentRetry', ...waiting, 'lastError']}
        timestamps={false}
      />
      <LogSection
        title={t('entity.system_sms.fields.text')}
        extra={<DeliveryStatus state={record.state} lastError={record.lastError} />}
      >
        <div className="admin-sms">{String(record.text ?? '')}</div>
      </LogSection>
    </div>
  );
}

/** /admin/sms: the outbox and log of text messages, read-only: attempts (sentRetry) and success. */
export default function SmsPage() {
  const resend = useResend('system_sms');
  return (
    <CrudPage
      rowActions={[resend.rowAction]}
      toolbar={resend.toolbar}
      entity={smsLog}
      columns={['created', 'recipient', 'text', 'state', 'sentRetry', 'sent', 'lastError', 'site']}
      optionalColumns={['sent', 'site']}
      columnWidths={{ state: 220 }}
      render={{
        text: (value) => <OneLine text={value} width={320} />,
        state: (value, record) => <DeliveryStatus state={value} lastError={record.lastError} />,
        lastError: (value) => <OneLine text={value} width={220} danger />,
      }}
      preview={(record) => <SmsPreview record={record} />}
      dialogWidth={720}
    />
  );
}
