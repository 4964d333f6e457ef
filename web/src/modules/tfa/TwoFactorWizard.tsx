import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Result, Spin, Steps, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TOTP_CODE_PATTERN } from '@strazce/contract';
import { api, ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { useSession } from '../../lib/session';

interface Pairing {
  secret: string;
  uri: string;
  qr: string;
}

type Step = 'verify' | 'pair' | 'validate' | 'done';
const STEPS: Step[] = ['verify', 'pair', 'validate', 'done'];

/**
 * Two-factor setup: confirm the current password (and the current code while two-factor is on), pair an authenticator app via QR code, confirm with a code (validated, then switched
 * on), completion, then logout so the next login uses the code. `forced` when the user must have
 * two-factor and does not yet: then it cannot be dismissed, only finished or left by logging out.
 */
export function TwoFactorWizard({
  open,
  forced,
  onClose,
}: {
  open: boolean;
  forced: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user, logout } = useSession();
  const [step, setStep] = useState<Step>('verify');
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [pairFailed, setPairFailed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const [verifyForm] = Form.useForm<{ password?: string; code?: string }>();
  // A user of the company's identity provider (OIDC) has no password here: the session stands for it.
  const asksPassword = user?.authProvider !== 'OIDC';

  useEffect(() => {
    if (!open) return;
    setStep('verify');
    setPairing(null);
    setPairFailed(false);
    setProblem(null);
  }, [open]);

  /** The server hands out a new secret only against the current password (and code). */
  const verify = async ({ password, code }: { password?: string; code?: string }) => {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await api.post<Pairing>(
        '/session/twofa',
        { ...(password ? { password } : {}), ...(code ? { code } : {}) },
        { silent: true },
      );
      setPairing(answer);
      setStep('pair');
    } catch (error) {
      const details = error instanceof ApiError ? (error.body?.details ?? []) : [];
      const onFields = details.filter((detail) => detail.path === 'password' || detail.path === 'code');
      if (onFields.length > 0)
        verifyForm.setFields(
          onFields.map((detail) => ({
            name: detail.path as 'password' | 'code',
            errors: [t(detail.message)],
          })),
        );
      else if (error instanceof ApiError || error instanceof NetworkError) {
        setPairFailed(true);
        setProblem(apiErrorText(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  const confirm = async ({ code }: { code: string }) => {
    setProblem(null);
    setBusy(true);
    try {
      const { valid } = await api.post<{ valid: boolean }>(
        '/session/twofa/validate',
        { code },
        { silent: true },
      );
      if (!valid) {
        setProblem(t('tfa.invalidCode'));
        return;
      }
      await api.post('/session/twofa/enable', { code }, { silent: true });
      setStep('done');
    } catch (error) {
      setProblem(error instanceof NetworkError ? t('error.network') : t('tfa.invalidCode'));
    } finally {
      setBusy(false);
      form.setFieldValue('code', '');
    }
  };

  const footer =
    step === 'done' ? (
      <Button type="primary" onClick={() => void logout()} data-testid="tfa-logout">
        {t('tfa.logout')}
      </Button>
    ) : (
      <Flex justify="space-between">
        {forced ? (
          <Button onClick={() => void logout()}>{t('userMenu.logout')}</Button>
        ) : (
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        )}
        {step === 'verify' ? (
          <Button type="primary" loading={busy} onClick={() => verifyForm.submit()} data-testid="tfa-verify">
            {t('common.next')}
          </Button>
        ) : step === 'pair' ? (
          <Button
            type="primary"
            disabled={!pairing}
            onClick={() => setStep('validate')}
            data-testid="tfa-next"
          >
            {t('common.next')}
          </Button>
        ) : (
          <Flex gap={8}>
            <Button onClick={() => setStep('pair')}>{t('common.back')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="tfa-confirm">
              {t('tfa.confirm')}
            </Button>
          </Flex>
        )}
      </Flex>
    );

  return (
    <Modal
      open={open}
      width={600}
      title={
        <Flex align="center" gap={8}>
          <SafetyOutlined />
          {t('tfa.title')}
        </Flex>
      }
      closable={!forced && step !== 'done'}
      mask={{ closable: false }}
      keyboard={!forced}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={STEPS.indexOf(step)}
        items={STEPS.map((key) => ({ title: t(`tfa.step.${key}`) }))}
        style={{ margin: '8px 0 24px' }}
      />
      {forced && step !== 'done' && (
        <Alert type="warning" showIcon title={t('tfa.forced')} style={{ marginBottom: 16 }} />
      )}
      {step === 'verify' && (
        <Form
          form={verifyForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void verify(values)}
        >
          <Typography.Paragraph>{t(user?.tfa ? 'tfa.verifyHintOn' : 'tfa.verifyHint')}</Typography.Paragraph>
          {problem && (
            <Alert
              type="error"
              showIcon
              title={problem}
              style={{ marginBottom: 16 }}
              data-testid="tfa-error"
            />
          )}
          {asksPassword && (
            <Form.Item
              name="password"
              label={t('passwordChange.current')}
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <Input.Password autoComplete="current-password" autoFocus data-testid="tfa-password" />
            </Form.Item>
          )}
          {user?.tfa && (
            <Form.Item
              name="code"
              label={t('tfa.currentCode')}
              rules={[
                { required: true, message: t('validation.required') },
                { pattern: TOTP_CODE_PATTERN, message: t('validation.tfaCode') },
              ]}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                style={{ maxWidth: 200, letterSpacing: 4 }}
                data-testid="tfa-current-code"
              />
            </Form.Item>
          )}
        </Form>
      )}
      {step === 'pair' && (
        <Flex gap={24} align="center">
          <Flex
            align="center"
            justify="center"
            className="tfa-qr"
            style={{ width: 200, height: 200, flexShrink: 0 }}
          >
            {pairing ? (
              <img src={pairing.qr} alt={t('tfa.qrAlt')} width={200} height={200} data-testid="tfa-qr" />
            ) : pairFailed ? (
              <Alert type="error" showIcon title={t('tfa.pairFailed')} />
            ) : (
              <Spin />
            )}
          </Flex>
          <Flex vertical gap={8}>
            {user?.tfa && <Alert type="info" showIcon title={t('tfa.alreadyOn')} />}
            <Typography.Paragraph style={{ margin: 0 }}>{t('tfa.pairHint')}</Typography.Paragraph>
            <Typography.Text type="secondary">{t('tfa.secretHint')}</Typography.Text>
            {pairing && (
              <Typography.Text code copyable data-testid="tfa-secret">
                {pairing.secret}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      )}
      {step === 'validate' && (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void confirm(values)}>
          <Typography.Paragraph>{t('tfa.validateHint')}</Typography.Paragraph>
          {problem && (
            <Alert
              type="error"
              showIcon
              title={problem}
              style={{ marginBottom: 16 }}
              data-testid="tfa-error"
            />
          )}
          <Form.Item
            name="code"
            label={t('login.tfaCode')}
            rules={[
              { required: true, message: t('validation.required') },
              { pattern: TOTP_CODE_PATTERN, message: t('validation.tfaCode') },
            ]}
          >
            <Input
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              style={{ maxWidth: 200, letterSpacing: 4 }}
              data-testid="tfa-code"
            />
          </Form.Item>
        </Form>
      )}
      {step === 'done' && (
        <Result
          status="success"
          title={t('tfa.doneTitle')}
          subTitle={t('tfa.doneText')}
          data-testid="tfa-done"
        />
      )}
    </Modal>
  );
}
