import { useState } from 'react';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { App, Form, Input, Space, Typography } from 'antd';
import { GuardedModal } from '../../components/GuardedModal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import type { Row } from '../../components/crud/fieldWire';
import { AdviceDays } from './adviceCells';
import { FailureAlert, type Failure } from '../../components/FailureAlert';

interface ResponseDialogProps {
  advice: Row;
  status: 'APPROVED' | 'REJECTED';
  onClose(): void;
}

/** The responder's answer: approve (an optional note), or reject with a reason; the requester gets an e-mail. */
export function ResponseDialog({ advice, status, onClose }: ResponseDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const approve = status === 'APPROVED';

  const respond = useMutation({
    mutationFn: () =>
      api.post<Row>(
        '/visit/advice/response',
        { id: advice.id, status, reason: reason.trim() || null },
        { silent: true },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['crud', 'visit/advice'] });
      void queryClient.invalidateQueries({ queryKey: ['crud', 'visit/advice/request'] });
      message.success(t(approve ? 'advice.response.approved' : 'advice.response.rejected'));
      onClose();
    },
    onError: (error) =>
      setFailure({
        text: apiErrorText(error as ApiError | NetworkError, t),
        detail: error instanceof ApiError ? error.serverMessage : null,
      }),
  });

  const submit = () => {
    setFailure(null);
    if (!approve && !reason.trim()) {
      setMissing(true);
      return;
    }
    respond.mutate();
  };

  return (
    <GuardedModal
      isDirty={() => reason.trim() !== ''}
      onClose={onClose}
      title={
        <Space size={10}>
          {approve ? (
            <CheckCircleOutlined className="advice-approve-icon" />
          ) : (
            <CloseCircleOutlined className="advice-reject-icon" />
          )}
          {t(approve ? 'advice.response.approveTitle' : 'advice.response.rejectTitle')}
        </Space>
      }
      okText={t(approve ? 'advice.response.approve' : 'advice.response.reject')}
      okButtonProps={{ danger: !approve, loading: respond.isPending, id: 'response-submit' }}
      cancelText={t('crud.cancel')}
      onOk={submit}
      width={520}
    >
      <FailureAlert failure={failure} className="visits-alert" />
      <Typography.Paragraph>
        <Typography.Text strong>
          {String(advice.firstName)} {String(advice.lastName)}
        </Typography.Text>
        {advice.company ? ` · ${String(advice.company)}` : ''} · <AdviceDays record={advice} />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{String(advice.reason ?? '')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t(approve ? 'advice.response.note' : 'advice.response.reason')}
          required={!approve}
          validateStatus={missing && !reason.trim() ? 'error' : undefined}
          help={missing && !reason.trim() ? t('validation.rejectReasonRequired') : undefined}
        >
          <Input.TextArea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={1000}
            autoSize={{ minRows: 2, maxRows: 5 }}
            autoFocus
            data-testid="response-reason"
          />
        </Form.Item>
      </Form>
    </GuardedModal>
  );
}
