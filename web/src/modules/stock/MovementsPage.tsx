import { lazy, Suspense, useState } from 'react';
import { RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STOCK_RECORD, stockMovement } from '@strazce/contract';
import { api } from '../../lib/api';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import type { CrudPageApi, RowAction } from '../../components/crud/types';
import { useMinuteClock } from '../../lib/useMinuteClock';
import { DocumentCell, hasHandover, useDocumentActions } from './MovementDocument';
import { isOpenLending, isOverdueLending } from './movement';
import { LendingDueCell, UnitsCell } from './stockCells';
import { ExportButton } from '../../components/crud/ExportButton';
import './stockRefs';
import './stock.css';

// The dialogs load when first opened: the list shows sooner on a first visit (issue 33 point 11).
const MovementDialog = lazy(() =>
  import('./MovementDialog').then((module) => ({ default: module.MovementDialog })),
);
const StockReturnDialog = lazy(() =>
  import('./StockReturnDialog').then((module) => ({ default: module.StockReturnDialog })),
);
const MovementDocumentDialog = lazy(() => import('./MovementDocumentDialog'));

/** The lendings still out (not their returns); sorted by their due time, the overdue ones come first. */
export const OPEN_LENDINGS = { lending: 'true', returned: 'false' };

// What moved and how much first: a narrow screen shows them before it scrolls.
const MOVEMENT_COLUMNS = [
  'movementTime',
  'item',
  'units',
  'warehouse',
  'type',
  'person',
  'due',
  'serial',
  'user',
  'note',
  'document',
];
const LENDING_COLUMNS = [
  'due',
  'item',
  'person',
  'units',
  'serial',
  'type',
  'warehouse',
  'movementTime',
  'note',
  'document',
];

type Dialog = { kind: 'record' } | { kind: 'return'; lending: Row } | { kind: 'document'; movement: Row };

/** How many lendings are overdue now (the tab's badge). */
function useOverdueCount() {
  return useQuery({
    queryKey: [...entityQueryKey(stockMovement), 'overdueCount'],
    queryFn: () =>
      api
        .list<Row>(`/${stockMovement.resource}`, { ...OPEN_LENDINGS, overdue: 'true', page: 1, size: 10 })
        .then((page) => page.total),
    refetchInterval: 60_000,
  });
}

/**
 * /stock/movements: every movement, newest first, filtered by the columns (item, warehouse, type, person, time
 * range, …) and exported as CSV; and the lendings still out, overdue first and in red. A recorder (STOCK_USER,
 * STOCK_ADMIN) records movements and takes lendings back; only the stock administrator edits or deletes a
 * recorded movement (the stock is recomputed by the server). An issue or a return whose category asks for a
 * handover document leads to it ('Document to sign'), after it is recorded and from its row.
 */
export default function MovementsPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const canRecord = can(STOCK_RECORD, stockMovement.module);
  const now = useMinuteClock();
  const overdue = useOverdueCount();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const showDocument = (movement: Row) => setDialog({ kind: 'document', movement });
  const documentActions = useDocumentActions(showDocument);
  /** After an issue or a return: its handover document, or why there is none. */
  const recorded = (movement: Row) => {
    if (hasHandover(movement)) showDocument(movement);
  };

  const returnAction: RowAction[] = canRecord
    ? [
        {
          key: 'return',
          label: t('stock.return.action'),
          icon: <RollbackOutlined />,
          testId: 'stock-return',
          visible: (record) => isOpenLending(record),
          onClick: (record) => setDialog({ kind: 'return', lending: record }),
        },
      ]
    : [];
  const recordButton = canRecord && (
    <Button
      type="primary"
      icon={<SwapOutlined />}
      onClick={() => setDialog({ kind: 'record' })}
      data-testid="stock-record-movement"
    >
      {t('stock.movement.action')}
    </Button>
  );
  const exportButton = (page: CrudPageApi, lendings: boolean) => (
    <ExportButton
      path={lendings ? '/stock/item/lending/export' : `/${stockMovement.resource}/export`}
      listQuery={page.listQuery}
      query={lendings ? OPEN_LENDINGS : undefined}
      fileName={lendings ? 'stock-lendings' : 'stock-movements'}
      testId={lendings ? 'stock-lending-export' : 'stock-movement-export'}
    />
  );
  const common = {
    entity: stockMovement,
    // Movements are recorded by the dialog of this page, never by the generic form.
    noCreate: true,
    render: {
      units: (value: unknown) => <UnitsCell value={value} />,
      due: (_: unknown, record: Row) => <LendingDueCell row={record} now={now} />,
      document: (_: unknown, record: Row) => <DocumentCell movement={record} onOpen={showDocument} />,
    },
    columnWidths: { due: 180, units: 110, item: 200 },
    rowClassName: (record: Row) => (isOverdueLending(record, now) ? 'crud-row-danger' : ''),
    rowActions: [...returnAction, ...documentActions],
  };
  const overdueCount = overdue.data ?? 0;

  return (
    <>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'movements',
            label: t('stock.tab.movements'),
            children: (
              <CrudPage
                {...common}
                stateKey="/stock/movements"
                columns={MOVEMENT_COLUMNS}
                // The due time matters to lendings (their own tab); here, what moved, where and to whom.
                optionalColumns={['due', 'serial', 'user', 'note', 'document']}
                rowTestId="stock-movement-row"
                toolbar={(page) => (
                  <>
                    {recordButton}
                    {exportButton(page, false)}
                  </>
                )}
              />
            ),
          },
          {
            key: 'lendings',
            label: (
              <span data-testid="stock-lendings-tab">
                {t('stock.tab.lendings')}
                {overdueCount > 0 && (
                  <Tag color="red" className="stock-tab-badge" data-testid="stock-overdue-count">
                    {t('stock.lending.overdueCount', { count: overdueCount })}
                  </Tag>
                )}
              </span>
            ),
            children: (
              <CrudPage
                {...common}
                stateKey="/stock/lendings"
                apiQuery={OPEN_LENDINGS}
                readOnly
                defaultSort={{ field: 'due', direction: 'asc' }}
                columns={LENDING_COLUMNS}
                // What is out, with whom, until when and where it returns; the kind of loan, when it left and
                // its note through the chooser (the list fits 1440 px beside its row actions).
                optionalColumns={['type', 'movementTime', 'note', 'document']}
                rowTestId="stock-lending-row"
                emptyText={t('stock.lending.empty')}
                refetchInterval={60_000}
                toolbar={(page) => (
                  <>
                    {recordButton}
                    {exportButton(page, true)}
                  </>
                )}
              />
            ),
          },
        ]}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'record' && (
          <MovementDialog onClose={() => setDialog(null)} onRecorded={recorded} />
        )}
        {dialog?.kind === 'return' && (
          <StockReturnDialog lending={dialog.lending} onClose={() => setDialog(null)} onReturned={recorded} />
        )}
        {dialog?.kind === 'document' && (
          <MovementDocumentDialog movement={dialog.movement} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
}
