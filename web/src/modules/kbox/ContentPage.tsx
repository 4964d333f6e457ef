import { useState } from 'react';
import { MailOutlined, RollbackOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { KBOX_WRITE, kboxContent, type KboxDirection } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import type { RowAction } from '../../components/crud/types';
import { ContentMessages } from './ContentMessages';
import { StatusTag } from './kboxCells';
import { optionalColumns } from '../../components/crud/columnLayout';
import './kbox.css';

/** Who the list is about first: incoming parcels by their recipient, outgoing ones by their sender. */
const PARTY_COLUMNS = {
  INCOMING: ['recipientName', 'recipientEmail', 'recipientPhone', 'senderName'],
  OUTGOING: ['senderName', 'senderEmail', 'senderPhone', 'recipientName'],
};
const columnsOf = (direction: KboxDirection) => [
  'contentId',
  'status',
  'returned',
  'keybox',
  'boxName',
  'trackingNumber',
  ...PARTY_COLUMNS[direction],
  'paymentValue',
  'currency',
  'paymentStatus',
  'variableSymbol',
  'depositedAt',
  'pinExpires',
  'pickedUpAt',
  'operation',
  'workflow',
  'category',
  'expectedTime',
  'description',
];

/**
 * The contents of one direction (/kbox/contentincoming, /kbox/contentoutgoing): newest content id first, the
 * incoming ones DEPOSITED (waiting) by default. KBOX_USER and KBOX_ADMIN record and edit them, return a
 * deposited one to its sender ('Vrátit zásilku') and see and resend its notifications.
 */
export function ContentPage({ direction }: { direction: KboxDirection }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const canWrite = can(KBOX_WRITE, kboxContent.module);
  const [messagesOf, setMessagesOf] = useState<Row | null>(null);

  const actions: RowAction[] = [
    {
      key: 'messages',
      label: t('kbox.messages.action'),
      icon: <MailOutlined />,
      testId: 'kbox-messages',
      onClick: (record) => setMessagesOf(record),
    },
    {
      key: 'return',
      label: t('kbox.return.action'),
      icon: <RollbackOutlined />,
      testId: 'kbox-return',
      visible: (record) => canWrite && record.status === 'DEPOSITED' && record.returned !== true,
      onClick: (record, page) =>
        modal.confirm({
          title: t('kbox.return.action'),
          content: t('kbox.return.confirm', { id: String(record.contentId) }),
          okText: t('kbox.return.action'),
          cancelText: t('crud.cancel'),
          onOk: async () => {
            try {
              await api.post(`/${kboxContent.resource}/${record.id}/return`, {}, { silent: true });
              message.success(t('kbox.return.done'));
            } catch (error) {
              message.error(apiErrorText(error as ApiError | NetworkError, t));
            }
            page.refresh();
          },
        }),
    },
  ];

  return (
    <>
      <CrudPage
        entity={kboxContent}
        stateKey={`/kbox/content/${direction}`}
        listPath={`/${kboxContent.resource}/${direction.toLowerCase()}`}
        columns={columnsOf(direction)}
        // The other party (the sender of an incoming parcel) besides the declaration's optional columns.
        optionalColumns={[
          ...optionalColumns(columnsOf(direction), kboxContent.fields),
          PARTY_COLUMNS[direction][3],
        ]}
        defaultFilters={direction === 'INCOMING' ? { status: 'DEPOSITED' } : undefined}
        createValues={{ direction }}
        rowActions={actions}
        // An identifier, not an amount: no thousands separators.
        render={{
          contentId: (value) => String(value),
          status: (value) => <StatusTag entity={kboxContent} value={value} />,
        }}
        rowTestId="kbox-content-row"
        formTabs={[
          {
            key: 'content',
            title: t('kbox.tabs.content'),
            fields: [
              'contentId',
              'keybox',
              'direction',
              'workflow',
              'trackingNumber',
              'category',
              'expectedTime',
              'description',
            ],
          },
          {
            key: 'payment',
            title: t('kbox.tabs.payment'),
            fields: ['paymentValue', 'currency', 'paymentStatus', 'variableSymbol'],
          },
          {
            key: 'recipient',
            title: t('kbox.tabs.recipient'),
            fields: ['recipientName', 'recipientEmail', 'recipientPhone', 'recipientOwner'],
          },
          {
            key: 'sender',
            title: t('kbox.tabs.sender'),
            fields: ['senderName', 'senderEmail', 'senderPhone', 'senderOwner'],
          },
        ]}
      />
      {messagesOf && (
        <ContentMessages content={messagesOf} canResend={canWrite} onClose={() => setMessagesOf(null)} />
      )}
    </>
  );
}
