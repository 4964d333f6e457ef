import { useState } from 'react';
import { Alert, Button, Flex, Input } from 'antd';
import { LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { QrScanModal } from './QrScanModal';
import { terminalApi } from './terminalApi';

/**
 * Pairing: the device learns the patrol terminal's token, pasted or read from the QR code that /patrol/terminals
 * shows once. The token is tried on the server when it can be: a token the server refuses is not kept; without
 * a connection it is kept as it is (the first sign-in will tell).
 */
export function PairingView({ onPaired }: { onPaired(token: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);

  const pair = async (raw: string) => {
    const token = raw.trim();
    if (!token) {
      setProblem(t('validation.required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await terminalApi.incidentTypes(token);
      onPaired(token);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        setProblem(apiErrorText(error, t));
      } else if (error instanceof ApiError || error instanceof NetworkError) {
        // Not refused (no connection, a server error): kept; the sign-in will check it again.
        onPaired(token);
      } else throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="pt-card pt-narrow" data-testid="terminal-pairing">
      <h1 className="pt-title">{t('patrolTerminal.pairing.title')}</h1>
      <p className="pt-lead">{t('patrolTerminal.pairing.lead')}</p>
      <Flex vertical gap={16}>
        <Button
          type="primary"
          size="large"
          block
          icon={<QrcodeOutlined />}
          className="pt-big"
          onClick={() => setScanning(true)}
          data-testid="terminal-pair-scan"
        >
          {t('patrolTerminal.pairing.scan')}
        </Button>
        <div className="pt-or">{t('patrolTerminal.pairing.or')}</div>
        <label className="pt-label" htmlFor="pt-pair-token">
          {t('patrolTerminal.pairing.tokenLabel')}
        </label>
        <Input.TextArea
          id="pt-pair-token"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('patrolTerminal.pairing.tokenPlaceholder')}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          className="pt-token-input"
          status={problem ? 'error' : undefined}
          data-testid="terminal-pair-token"
        />
        {problem && <Alert type="error" showIcon title={problem} data-testid="terminal-pair-error" />}
        <Button
          size="large"
          block
          icon={<LinkOutlined />}
          className="pt-big"
          loading={busy}
          onClick={() => void pair(value)}
          data-testid="terminal-pair-submit"
        >
          {t('patrolTerminal.pairing.pair')}
        </Button>
      </Flex>
      <QrScanModal
        open={scanning}
        title={t('patrolTerminal.pairing.scanTitle')}
        onClose={() => setScanning(false)}
        onResult={(text) => {
          setScanning(false);
          setValue(text);
          void pair(text);
        }}
      />
    </section>
  );
}
