import { useState } from 'react';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { App, Form, Input, Space, Typography } from 'antd';
import { GuardedModal } from '../GuardedModal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visit, type Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { entityQueryKey } from '../crud/CrudDialog';
import { fieldLabel } from '../crud/labels';
import type { Row } from '../crud/fieldWire';
import { isMasked } from './visitCells';
import { FailureAlert, type Failure } from '../FailureAlert';

/**
 * 'Odepsat bez odchodu': the entry leaves the area without a recorded departure (a visitor who left
 * unnoticed). The dialog is the confirmation the specification asks for, with an optional note.
 */
export function WriteOffDialog({
  entry,
  onClose,
  entity = visit as unknown as Entity,
  path = '/visit/writeoff',
  subject,
  title,
  doneText,
}: {
  entry: Row;
  onClose(): void;
  /** The entity of the entry (visits by default); its lists reload after the write-off. */
  entity?: Entity;
  /** API path of the write-off (`/visit/writeoff`, `/vehicle/trailer/writeoff`). */
  path?: string;
  /** Who or what is written off, as the confirmation names it (the visitor's name by default). */
  subject?: string;
  title?: string;
  doneText?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const name =
    subject ??
    (isMasked(entry.lastName)
      ? t('visits.masked')
      : [entry.firstName, entry.lastName].filter(Boolean).join(' '));

  const writeOff = useMutation({
    mutationFn: () => api.post<Row>(path, { id: entry.id, note: note.trim() || null }, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      message.success(doneText ?? t('visits.writeOff.done'));
      onClose();
    },
    onError: (error) =>
      setFailure({
        text: apiErrorText(error as ApiError | NetworkError, t),
        detail: error instanceof ApiError ? error.serverMessage : null,
      }),
  });

  return (
    <GuardedModal
      isDirty={() => note.trim() !== ''}
      onClose={onClose}
      title={
        <Space size={10}>
          <ExclamationCircleFilled className="visits-warning-icon" />
          {title ?? t('visits.writeOff.title')}
        </Space>
      }
      okText={t('visits.writeOff.submit')}
      okButtonProps={{ danger: true, loading: writeOff.isPending, id: 'writeoff-submit' }}
      cancelText={t('crud.cancel')}
      onOk={() => {
        setFailure(null);
        writeOff.mutate();
      }}
      width={520}
    >
      <FailureAlert failure={failure} className="visits-alert" />
      <Typography.Paragraph>
        {t('visits.writeOff.confirm', { name, time: formatDateTime(entry.movementTime as string) })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={fieldLabel(t, entity, 'note')}>
          <Input.TextArea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={2000}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('visits.writeOff.notePlaceholder')}
          />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
