import { useState } from 'react';
import { RollbackOutlined } from '@ant-design/icons';
import { App, Descriptions, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stockItem, stockLevel, stockMovement, type RefValue } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { PICKER_FORMATS, formatDateTime, toWireDateTime } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { RefSelect } from '../../components/crud/RefSelect';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { DatePicker } from '../../components/pickers';
import { useMinuteClock } from '../../lib/useMinuteClock';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { LendingDueCell, formatQuantity, refLabel } from './stockCells';
import { NoteField } from '../../components/NoteField';

/** The body of a return from the dialog's values (empty fields are left out: the server's defaults apply). */
export function stockReturnBody(values: { warehouse: number | null; time: string | null; note: string }) {
  return {
    ...(values.warehouse !== null ? { warehouse: values.warehouse } : {}),
    ...(values.time ? { movementTime: values.time } : {}),
    ...(values.note.trim() ? { note: values.note.trim() } : {}),
  };
}

/**
 * 'Return' of a lending still out (`POST /api/stock/item/movement/:id/return`): into its warehouse or another,
 * now or at a time, with a note. The return movement goes to `onReturned` (its handover document, when the
 * category asks for one).
 */
export function StockReturnDialog({
  lending,
  onClose,
  onReturned,
}: {
  lending: Row;
  onClose(): void;
  onReturned?(movement: Row): void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const now = useMinuteClock();
  const lentFrom = (lending.warehouse as RefValue | null) ?? null;
  const [warehouse, setWarehouse] = useState<number | null>(lentFrom?.id ?? null);
  const [time, setTime] = useState<Dayjs | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const item = refLabel(lending.item);

  const giveBack = useMutation({
    mutationFn: () =>
      api.post<Row>(
        `/${stockMovement.resource}/${lending.id}/return`,
        stockReturnBody({ warehouse, time: time ? toWireDateTime(time) : null, note }),
        { silent: true },
      ),
    onSuccess: (movement) => {
      for (const entity of [stockMovement, stockItem, stockLevel])
        void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      message.success(t('stock.return.done', { item }));
      onClose();
      onReturned?.(movement);
    },
    onError: (error) => setProblem({ text: apiErrorText(error as ApiError | NetworkError, t) }),
  });

  return (
    <ActionDialog
      icon={<RollbackOutlined />}
      title={t('stock.return.title')}
      width={600}
      busy={giveBack.isPending}
      submitText={t('stock.return.submit')}
      submitDisabled={warehouse === null}
      submitTestId="stock-return-submit"
      onSubmit={() => {
        setProblem(null);
        giveBack.mutate();
      }}
      onClose={onClose}
      isDirty={() => note.trim() !== '' || time !== null}
      problem={problem}
    >
      <Descriptions
        size="small"
        bordered
        column={1}
        className="stock-alert"
        styles={{ label: { width: '34%' } }}
        items={[
          { key: 'item', label: fieldLabel(t, stockMovement, 'item'), children: item },
          {
            key: 'units',
            label: fieldLabel(t, stockMovement, 'units'),
            children: formatQuantity(i18n.language, Math.abs(Number(lending.units ?? 0))),
          },
          ...(lending.serial
            ? [
                {
                  key: 'serial',
                  label: fieldLabel(t, stockMovement, 'serial'),
                  children: String(lending.serial),
                },
              ]
            : []),
          {
            key: 'person',
            label: fieldLabel(t, stockMovement, 'person'),
            children: refLabel(lending.person),
          },
          {
            key: 'lent',
            label: t('stock.return.lentAt'),
            children: `${formatDateTime(lending.movementTime as string)} · ${lentFrom?.label ?? ''}`,
          },
          {
            key: 'due',
            label: fieldLabel(t, stockMovement, 'due'),
            children: <LendingDueCell row={lending} now={now} />,
          },
        ]}
      />
      <Form layout="vertical">
        <div className="stock-fields">
          <Form.Item label={t('stock.return.warehouse')} required>
            <div data-testid="stock-return-warehouse">
              <RefSelect
                resource="stock/warehouse"
                value={warehouse}
                onChange={setWarehouse}
                known={lentFrom ? [lentFrom] : []}
              />
            </div>
          </Form.Item>
          <Form.Item label={t('stock.return.time')}>
            <DatePicker
              showTime
              format={PICKER_FORMATS.dateTime}
              value={time}
              onChange={setTime}
              placeholder={t('stock.return.now')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </div>
        <NoteField
          label={fieldLabel(t, stockMovement, 'note')}
          value={note}
          onChange={setNote}
          maxLength={1000}
          autoFocus
          testId="stock-return-note"
        />
      </Form>
    </ActionDialog>
  );
}
