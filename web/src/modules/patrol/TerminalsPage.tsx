import { useTranslation } from 'react-i18next';
import { patrolTerminal } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { useTerminalToken } from '../../components/terminalToken';
import './patrol.css';

/**
 * /patrol/terminals: the devices guards carry. Creating one (or asking for a new token) shows the terminal's
 * token once, as text and as a QR code for the terminal app (/terminal/patrol) to scan; only its hash is kept.
 */
export default function TerminalsPage() {
  const { t } = useTranslation();
  const { newTokenAction, revokeAction, dialog } = useTerminalToken(patrolTerminal, {
    title: (record) => t('patrolSetup.tokenTitle', { name: String(record.name) }),
    hint: t('patrolTerminal.setup.qrHint'),
    testId: 'patrol-token',
  });
  return <CrudPage entity={patrolTerminal} rowActions={[newTokenAction, revokeAction]} dialog={dialog} />;
}
