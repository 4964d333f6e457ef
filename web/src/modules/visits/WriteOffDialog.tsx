import { useState } from 'react';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { App, Form, Input, Modal, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visit } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';
import { formatDateTime } from '../../app/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { isMasked } from './visitCells';
import { FailureAlert, type Failure } from '../../components/FailureAlert';

/**
 * 'Odepsat bez odchodu': the entry leaves the area without a recorded departure (a visitor who left
 * unnoticed). The dialog is the confirmation the specification asks for, with an optional note.
 */
export function WriteOffDialog({ entry, onClose }: { entry: Row; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const name = isMasked(entry.lastName)
    ? t('visits.masked')
    : [entry.firstName, entry.lastName].filter(Boolean).join(' ');

  const writeOff = useMutation({
    mutationFn: () =>
      api.post<Row>('/visit/writeoff', { id: entry.id, note: note.trim() || null }, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(visit) });
      message.success(t('visits.writeOff.done'));
      onClose();
    },
    onError: (error) =>
      setFailure({
        text: apiErrorText(error as ApiError | NetworkError, t),
        detail: error instanceof ApiError ? error.serverMessage : null,
      }),
  });

  return (
    <Modal
      open
      title={
        <Space size={10}>
          <ExclamationCircleFilled className="visits-warning-icon" />
          {t('visits.writeOff.title')}
        </Space>
      }
      okText={t('visits.writeOff.submit')}
      okButtonProps={{ danger: true, loading: writeOff.isPending, id: 'writeoff-submit' }}
      cancelText={t('crud.cancel')}
      onOk={() => {
        setFailure(null);
        writeOff.mutate();
      }}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <FailureAlert failure={failure} className="visits-alert" />
      <Typography.Paragraph>
        {t('visits.writeOff.confirm', { name, time: formatDateTime(entry.movementTime as string) })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={fieldLabel(t, visit, 'note')}>
          <Input.TextArea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={2000}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('visits.writeOff.notePlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
