import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Segmented, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  KBOX_REPORTED_STATUSES,
  KBOX_SERVICE_OPERATIONS,
  KboxLockerError,
  kboxContent,
  kboxKeybox,
  kboxLockerClient,
  type KboxLockerClient,
} from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import type { Row } from '../../components/crud/fieldWire';

type Action = 'deposit' | 'pickup' | 'service' | 'status';

/**
 * Development only (not in a production build): plays the locker of a keybox against the lockers' API, as the
 * `kbox:simulator` script does. It takes a new token of the keybox first (the old one stops working), then
 * deposits a NEW content, picks one up with its PIN, reports a service operation or a status.
 */
export default function LockerSimulator({ keybox, onClose }: { keybox: Row; onClose(): void }) {
  const { t } = useTranslation();
  const [locker, setLocker] = useState<KboxLockerClient | null>(null);
  const [action, setAction] = useState<Action>('deposit');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const fresh = useQuery({
    queryKey: ['kbox-simulator', keybox.id, outcome],
    queryFn: () =>
      api.list<Row>(`/${kboxContent.resource}`, {
        keybox: Number(keybox.id),
        status: 'NEW',
        page: 1,
        size: 100,
      }),
    enabled: locker !== null,
  });

  const connect = async () => {
    setBusy(true);
    try {
      const record = await api.post<Row>(`/${kboxKeybox.resource}/${keybox.id}/token`, {}, { silent: true });
      setLocker(kboxLockerClient({ baseUrl: '', token: String(record.token) }));
    } catch (error) {
      setOutcome({ ok: false, text: apiErrorText(error as ApiError | NetworkError, t) });
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!locker) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      const answer =
        action === 'deposit'
          ? await locker.deposit(values.contentId, values.boxName)
          : action === 'pickup'
            ? await locker.pickUp(values.pin)
            : action === 'service'
              ? await locker.service({
                  name: values.name,
                  cardNumber: values.cardNumber,
                  pin: values.operatorPin,
                  boxName: values.boxName,
                })
              : await locker.status(values.status);
      setOutcome({ ok: true, text: answer ? JSON.stringify(answer) : t('kbox.simulator.done') });
    } catch (error) {
      setOutcome({
        ok: false,
        text: error instanceof KboxLockerError ? t(`apiError_${error.code}`) : String(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('kbox.simulator.title', { name: String(keybox.name) })}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('crud.close')}</Button>
          {locker && (
            <Button type="primary" loading={busy} onClick={() => void run()} data-testid="kbox-simulator-run">
              {t('kbox.simulator.run')}
            </Button>
          )}
        </Space>
      }
    >
      {!locker ? (
        <Space direction="vertical">
          <Typography.Paragraph>{t('kbox.simulator.connectHint')}</Typography.Paragraph>
          <Button
            type="primary"
            loading={busy}
            onClick={() => void connect()}
            data-testid="kbox-simulator-connect"
          >
            {t('kbox.simulator.connect')}
          </Button>
        </Space>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ boxName: 'A1', status: 'OK', name: 'SERVIS' }}>
          <Form.Item>
            <Segmented<Action>
              value={action}
              onChange={setAction}
              options={(['deposit', 'pickup', 'service', 'status'] as const).map((value) => ({
                value,
                label: t(`kbox.simulator.${value}`),
              }))}
            />
          </Form.Item>
          {action === 'deposit' && (
            <>
              <Form.Item name="contentId" label={t('kbox.simulator.content')} rules={[{ required: true }]}>
                <Select
                  loading={fresh.isLoading}
                  options={(fresh.data?.rows ?? []).map((row) => ({
                    value: row.contentId,
                    label: `${String(row.contentId)} ${String(row.recipientName ?? '')}`.trim(),
                  }))}
                />
              </Form.Item>
              <Form.Item name="boxName" label={t('kbox.simulator.boxName')} rules={[{ required: true }]}>
                <Input maxLength={50} />
              </Form.Item>
            </>
          )}
          {action === 'pickup' && (
            <Form.Item
              name="pin"
              label={t('kbox.simulator.pin')}
              rules={[{ required: true, pattern: /^\d{6}$/ }]}
            >
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
          )}
          {action === 'service' && (
            <>
              <Form.Item name="name" label={t('kbox.simulator.service')}>
                <Select options={KBOX_SERVICE_OPERATIONS.map((value) => ({ value, label: value }))} />
              </Form.Item>
              <Form.Item name="cardNumber" label={t('kbox.simulator.card')} rules={[{ required: true }]}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item
                name="operatorPin"
                label={t('kbox.simulator.pin')}
                rules={[{ required: true, pattern: /^\d{4}$/ }]}
              >
                <Input inputMode="numeric" maxLength={4} />
              </Form.Item>
            </>
          )}
          {action === 'status' && (
            <Form.Item name="status" label={t('kbox.simulator.status')}>
              <Segmented options={[...KBOX_REPORTED_STATUSES]} />
            </Form.Item>
          )}
        </Form>
      )}
      {outcome && (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.text}
          data-testid="kbox-simulator-outcome"
        />
      )}
    </Modal>
  );
}
