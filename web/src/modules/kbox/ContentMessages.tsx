import { useState } from 'react';
import { SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { kboxMessage, type EntityRecord } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { enumLabel, fieldLabel } from '../../components/crud/labels';

type Message = EntityRecord<typeof kboxMessage.fields>;

/**
 * The notifications of a content (`/api/kbox/message?content=`): when, which kind, channel and recipient, and
 * whether the outbox delivered it; a writer sends one again (one with a PIN gets a new PIN).
 */
export function ContentMessages({
  content,
  canResend,
  onClose,
}: {
  content: Row;
  canResend: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState<number | null>(null);
  const messages = useQuery({
    queryKey: [...entityQueryKey(kboxMessage), content.id],
    queryFn: ({ signal }) =>
      api.list<Message>(
        `/${kboxMessage.resource}`,
        { content: Number(content.id), page: 1, size: 100 },
        {
          signal,
        },
      ),
    // Until the outbox has delivered them.
    refetchInterval: 5000,
  });
  const resend = async (id: number) => {
    setSending(id);
    try {
      await api.post(`/${kboxMessage.resource}/${id}/resend`, {}, { silent: true });
      message.success(t('kbox.messages.resent'));
      await messages.refetch();
    } catch (error) {
      message.error(apiErrorText(error as ApiError | NetworkError, t));
    } finally {
      setSending(null);
    }
  };
  const label = (name: string) => fieldLabel(t, kboxMessage, name);

  return (
    <Modal
      open
      title={t('kbox.messages.title', { id: String(content.contentId) })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('crud.close')}</Button>}
      width={960}
    >
      {messages.error ? (
        <Alert type="error" showIcon title={apiErrorText(messages.error as ApiError | NetworkError, t)} />
      ) : (
        <Table<Message>
          rowKey="id"
          size="small"
          loading={messages.isLoading}
          dataSource={messages.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('kbox.messages.empty') }}
          data-testid="kbox-messages-table"
          onRow={() => ({ 'data-testid': 'kbox-message-row' }) as object}
          columns={[
            { key: 'created', title: label('created'), render: (_, row) => formatDateTime(row.created) },
            {
              key: 'kind',
              title: label('kind'),
              render: (_, row) => enumLabel(t, kboxMessage, 'kind', row.kind),
            },
            {
              key: 'channel',
              title: label('channel'),
              render: (_, row) => enumLabel(t, kboxMessage, 'channel', row.channel),
            },
            { key: 'recipient', title: label('recipient'), dataIndex: 'recipient' },
            {
              key: 'delivered',
              title: label('delivered'),
              render: (_, row) =>
                row.delivered ? (
                  <Tag color="green">{t('kbox.messages.delivered')}</Tag>
                ) : (
                  <Tag>{t('kbox.messages.queued')}</Tag>
                ),
            },
            ...(canResend
              ? [
                  {
                    key: 'resend',
                    title: '',
                    render: (_: unknown, row: Message) => (
                      <Button
                        size="small"
                        icon={<SendOutlined />}
                        loading={sending === row.id}
                        onClick={() => resend(row.id)}
                        data-testid="kbox-message-resend"
                      >
                        {t('kbox.messages.resend')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
