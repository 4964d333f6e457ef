import { useState } from 'react';
import { FileProtectOutlined, KeyOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KM_LEND_WRITE, keyLend } from '@strazce/contract';
import { api } from '../../lib/api';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { GuardConsole } from '../../components/gate/GuardConsole';
import { useGateConsole } from '../../components/gate/useGateConsole';
import type { GuardGate } from '../../components/gate/guardGate';
import { DueCell } from './keyCells';
import { useMinuteClock } from '../../lib/useMinuteClock';
import { ExportButton } from '../../components/crud/ExportButton';
import { LendDialog } from './LendDialog';
import { isOverdue } from '../../lib/overdue';
import { ReturnDialog } from './ReturnDialog';
import { SignedDocuments, useSeesSignedDocuments } from '../signature';
import '../../components/gate/gate.css';
import './keys.css';

/** The open lend-outs: only keys still out. */
const OPEN = { returned: 'false' };
const COLUMNS = ['lendDateTime', 'key', 'holder', 'gate', 'due', 'notes'];

type Dialog = { kind: 'lend' } | { kind: 'return'; lend: Row } | { kind: 'protocol'; lend: Row };

/** How many keys are out, and how many of them past their due time (the console's figures). */
function useOutCounts() {
  const count = (query: Record<string, string>) =>
    api
      .list<Row>('/keymanagement/keylend', { page: 1, size: 10, ...OPEN, ...query })
      .then((page) => page.total);
  return useQuery({
    queryKey: [...entityQueryKey(keyLend), 'outCounts'],
    queryFn: async () => {
      const [out, overdue] = await Promise.all([count({}), count({ afterDue: 'true' })]);
      return { out, overdue };
    },
  });
}

/** The list of the keys out, overdue first and in red, with the return of a row for a lender. */
function OpenLendOuts({
  canLend,
  onReturn,
  onProtocol,
}: {
  canLend: boolean;
  onReturn(lend: Row): void;
  onProtocol(lend: Row): void;
}) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const seesProtocols = useSeesSignedDocuments();
  return (
    <CrudPage
      entity={keyLend}
      stateKey="/keys/lendouts"
      readOnly
      apiQuery={OPEN}
      refetchInterval={60_000}
      // No sort of the user's: the server's order, overdue first, then the newest.
      defaultSort={null}
      columns={COLUMNS}
      columnWidths={{ due: 220 }}
      render={{ due: (_, record) => <DueCell lend={record} now={now} /> }}
      rowClassName={(record) => (isOverdue(record, now) ? 'crud-row-danger' : '')}
      rowTestId="key-lend-row"
      emptyText={t('keys.lendouts.empty')}
      rowActions={[
        ...(canLend
          ? [
              {
                key: 'return',
                label: t('keys.return.action'),
                icon: <RollbackOutlined />,
                testId: 'key-return',
                onClick: (record: Row) => onReturn(record),
              },
            ]
          : []),
        // The handover protocol signed at the lend-out (a key type's handover document, docs/signatures.md).
        ...(seesProtocols
          ? [
              {
                key: 'protocol',
                label: t('signatures.keys.protocol'),
                icon: <FileProtectOutlined />,
                testId: 'key-protocol',
                onClick: (record: Row) => onProtocol(record),
              },
            ]
          : []),
      ]}
      toolbar={(page) => (
        <ExportButton
          path="/keymanagement/keylend/export"
          listQuery={page.listQuery}
          query={OPEN}
          fileName="key-lendouts"
          testId="key-export"
        />
      )}
    />
  );
}

/** The head of the page for a lender: the gate signed in to, the keys out (and overdue), 'Lend a key'. */
function LendConsole({
  gate,
  onLend,
  onChangeGate,
}: {
  gate: GuardGate;
  onLend(): void;
  onChangeGate(): void;
}) {
  const { t } = useTranslation();
  const counts = useOutCounts();
  const overdue = counts.data?.overdue ?? 0;
  return (
    <GuardConsole
      gate={gate}
      onChangeGate={onChangeGate}
      inArea={{
        title: t('keys.lendouts.outNow'),
        value: counts.data?.out ?? 0,
        loading: counts.isLoading,
        icon: <KeyOutlined />,
      }}
      actions={
        <>
          {overdue > 0 && (
            <Tag color="red" className="keys-console-overdue" data-testid="key-overdue-count">
              {t('keys.lendouts.overdueCount', { count: overdue })}
            </Tag>
          )}
          <Button type="primary" size="large" icon={<KeyOutlined />} onClick={onLend} data-testid="key-lend">
            {t('keys.lend.action')}
          </Button>
        </>
      }
    />
  );
}

/**
 * /keys/lendouts: the keys out now, overdue first and standing out in red with how long they are overdue. A
 * lender (KM_ADMIN, KM_USER) signs in to a gate first, as at the visits' console, then lends keys there and
 * takes them back; a reader (KM_VIEW) sees the list.
 */
export default function LendOutsPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const canLend = can(KM_LEND_WRITE, keyLend.module);
  const { gate, gates, signIn, changeGate, gateDialog } = useGateConsole();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  if (canLend && !gate) return signIn;

  return (
    <Flex vertical gap={16} className="visits-page keys-page" data-testid="key-lendouts">
      {canLend && gate && (
        <LendConsole gate={gate} onLend={() => setDialog({ kind: 'lend' })} onChangeGate={changeGate} />
      )}
      <OpenLendOuts
        canLend={canLend}
        onReturn={(lend) => setDialog({ kind: 'return', lend })}
        onProtocol={(lend) => setDialog({ kind: 'protocol', lend })}
      />
      {dialog?.kind === 'lend' && gate && (
        <LendDialog gate={gate} gates={gates} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'return' && (
        <ReturnDialog lend={dialog.lend} gate={gate} gates={gates} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'protocol' && (
        <Modal open title={t('signatures.keys.protocol')} footer={null} onCancel={() => setDialog(null)}>
          <SignedDocuments
            source="MOD_KM"
            sourceId={dialog.lend.id as number}
            empty={t('signatures.keys.none')}
          />
        </Modal>
      )}
      {gateDialog}
    </Flex>
  );
}
