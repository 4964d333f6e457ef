import { useState } from 'react';
import { CheckOutlined, EditOutlined, LockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Modal, Space, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stockItem, stockLevel, stockMovement, stockTaking, stockTakingLine } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { CrudDialog, entityQueryKey } from '../../components/crud/CrudDialog';
import { SCROLLING_BODY } from '../../components/ActionDialog';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { refLabel } from './stockCells';
import { TakingLines } from './TakingLines';
import { VarianceReport } from './VarianceReport';

/** Whether a stock taking is closed (its `closed` time is set). */
export const isClosed = (taking: Row) => typeof taking.closed === 'string' && taking.closed !== '';

/** The status of a stock taking: open, or closed at a time. */
export function TakingStatus({ taking }: { taking: Row }) {
  const { t } = useTranslation();
  return isClosed(taking) ? (
    <Tag icon={<LockOutlined />} data-testid="stock-taking-closed">
      {t('stock.taking.closedAt', { time: formatDateTime(taking.closed as string) })}
    </Tag>
  ) : (
    <Tag color="blue">{t('stock.taking.open')}</Tag>
  );
}

/**
 * A stock taking: its head, its counted lines (changed while it is open) and its variance report; 'Close'
 * asks first, then writes the STOCK_TAKING movements of the differences (the server's), after which nothing of
 * it can be changed and the report shows what was found.
 */
export function TakingDetail({
  record,
  canWrite,
  onClose,
}: {
  record: Row;
  canWrite: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const taking = useQuery({
    queryKey: [...entityQueryKey(stockTaking), 'detail', record.id],
    queryFn: ({ signal }) => api.get<Row>(`/${stockTaking.resource}/${record.id}`, { signal, silent: true }),
    initialData: record,
  });
  const current = taking.data ?? record;
  const closed = isClosed(current);
  const [tab, setTab] = useState(closed ? 'variance' : 'lines');
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const writable = canWrite && !closed;

  const refreshAll = () => {
    for (const entity of [stockTaking, stockTakingLine, stockMovement, stockItem, stockLevel])
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
  };

  const confirmClose = () =>
    modal.confirm({
      title: t('stock.taking.closeTitle', { name: String(current.name ?? '') }),
      content: t('stock.taking.closeConfirm'),
      okText: t('stock.taking.close'),
      cancelText: t('crud.cancel'),
      okButtonProps: { 'data-testid': 'stock-taking-close-confirm' },
      onOk: async () => {
        setProblem(null);
        try {
          await api.post(`/${stockTaking.resource}/${record.id}/close`, {}, { silent: true });
          message.success(t('stock.taking.closed'));
          setTab('variance');
        } catch (error) {
          setProblem(apiErrorText(error as ApiError | NetworkError, t));
        }
        refreshAll();
      },
    });

  return (
    <Modal
      open
      width={1040}
      title={String(current.name ?? '')}
      onCancel={onClose}
      styles={SCROLLING_BODY}
      footer={
        <Space wrap>
          {writable && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="stock-taking-edit">
              {t('crud.action.edit')}
            </Button>
          )}
          {writable && (
            <Button
              type="primary"
              danger
              icon={<CheckOutlined />}
              onClick={confirmClose}
              data-testid="stock-taking-close"
            >
              {t('stock.taking.close')}
            </Button>
          )}
          <Button onClick={onClose}>{t('crud.close')}</Button>
        </Space>
      }
      data-testid="stock-taking-detail"
    >
      {problem && (
        <Alert
          type="error"
          showIcon
          className="stock-alert"
          title={problem}
          closable={{ onClose: () => setProblem(null) }}
          data-testid="stock-taking-problem"
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        className="stock-taking-head"
        items={[
          { key: 'status', label: t('stock.taking.status'), children: <TakingStatus taking={current} /> },
          {
            key: 'warehouse',
            label: fieldLabel(t, stockTaking, 'warehouse'),
            children: refLabel(current.warehouse) || t('stock.taking.allWarehouses'),
          },
          {
            key: 'created',
            label: fieldLabel(t, stockTaking, 'created'),
            children: `${formatDateTime(current.created as string)} · ${refLabel(current.user)}`,
          },
          ...(current.note
            ? [{ key: 'note', label: fieldLabel(t, stockTaking, 'note'), children: String(current.note) }]
            : []),
        ]}
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'lines',
            label: <span data-testid="stock-taking-lines-tab">{t('stock.taking.lines')}</span>,
            children: <TakingLines taking={current} closed={closed || !canWrite} />,
          },
          {
            key: 'variance',
            label: <span data-testid="stock-taking-variance-tab">{t('stock.variance.title')}</span>,
            children: <VarianceReport takingId={record.id} closed={closed} />,
          },
        ]}
      />
      {editing && (
        <CrudDialog
          entity={stockTaking}
          mode="edit"
          record={current}
          canWrite={writable}
          onClose={() => {
            setEditing(false);
            void taking.refetch();
          }}
          onSwitch={() => undefined}
        />
      )}
    </Modal>
  );
}
