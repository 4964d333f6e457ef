import { useTranslation } from 'react-i18next';
import { client } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { useTerminalToken } from '../../components/terminalToken';

/**
 * /admin/clients: terminals, browsers and machines (ANPR cameras, …; docs/terminals.md). Creating one (or
 * asking for a new token) shows its token once, as text and QR code; revoking makes it unauthorized.
 */
export default function ClientsPage() {
  const { t } = useTranslation();
  const { newTokenAction, revokeAction, dialog } = useTerminalToken(client, {
    title: (record) => t('patrolSetup.tokenTitle', { name: String(record.name) }),
    hint: t('entity.system_client.tokenHint'),
    testId: 'client-token',
  });
  return (
    <CrudPage
      entity={client}
      rowActions={[newTokenAction, revokeAction]}
      dialog={dialog}
      rowTestId="client-row"
    />
  );
}
