import { useEffect, useRef, useState } from 'react';
import { BarcodeOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, App, Descriptions, Form, Input, Radio, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { stockCategory, stockItem, stockLevel, stockMovement, type RefValue } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorDetailText, apiErrorText } from '../../lib/apiErrors';
import { PICKER_FORMATS, formatDateTime, toWireDateTime } from '../../lib/format';
import { useAccess } from '../../lib/session';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { RefSelect } from '../../components/crud/RefSelect';
import { enumLabel, fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { DatePicker } from '../../components/pickers';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { useDebounced } from '../../lib/useDebounced';
import { useItemByCode, useLendingHours, useLevel, useValidWarehouses } from './itemLookup';
import {
  RECORDED_TYPES,
  computedDue,
  fixedDirection,
  isLendingType,
  movementBody,
  movementComplete,
  type Direction,
  type MovementValues,
  type RecordedType,
} from './movement';
import { formatQuantity, itemLabel, refLabel } from './stockCells';
import { NoteField } from '../../components/NoteField';
import { NumberInput } from '../../components/NumberInput';

/** The refusal of a movement in words: the stock that is there now when it would go negative. */
function refusalText(
  t: TFunction,
  language: string,
  error: ApiError | NetworkError,
  stock: { warehouse: string; level: unknown; total: unknown; unit: string } | null,
): string {
  const text = apiErrorText(error, t);
  if (error instanceof ApiError && error.code === 'VALIDATION') {
    const details = (error.body?.details ?? [])
      .map((detail) => apiErrorDetailText(detail, t))
      .filter(Boolean);
    return details.length > 0 ? `${text}: ${details.join('; ')}` : text;
  }
  if (!(error instanceof ApiError) || error.code !== 'STOCK_NEGATIVE' || !stock) return text;
  return `${text.replace(/[.!]?$/, '.')} ${t('stock.movement.inStock', {
    warehouse: stock.warehouse,
    level: formatQuantity(language, stock.level ?? 0),
    total: formatQuantity(language, stock.total ?? 0),
    unit: stock.unit,
  })}`;
}

/**
 * 'Record a movement' (STOCK_USER, STOCK_ADMIN): the item by its code (a barcode scanner types it and presses
 * Enter; an unknown code says 'There is no stock item with this code'), the warehouse, the type — a receipt or
 * an issue, a hand-over for good, or a lending to a person due back at the time the item's category gives
 * (shown, and editable) —, the units (a UNIQUE item: its serial, one unit) and a note. A refusal because the
 * stock would go negative says how much is there. The movement recorded goes to `onRecorded` (its handover
 * document, when its category asks for one).
 */
export function MovementDialog({
  onClose,
  onRecorded,
}: {
  onClose(): void;
  onRecorded?(movement: Row): void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const quantityRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const [code, setCode] = useState('');
  const [entered, setEntered] = useState('');
  const [chosenWarehouse, setWarehouse] = useState<RefValue | null | undefined>(undefined);
  const warehouses = useValidWarehouses();
  // The only warehouse of the site is chosen until the user chooses otherwise.
  const warehouse =
    chosenWarehouse === undefined
      ? warehouses.data?.length === 1
        ? warehouses.data[0]
        : null
      : chosenWarehouse;
  const [type, setType] = useState<RecordedType>('STOCK_OPERATION');
  const [direction, setDirection] = useState<Direction>('in');
  const [units, setUnits] = useState<number | null>(null);
  const [serial, setSerial] = useState('');
  const [person, setPerson] = useState<number | null>(null);
  const [due, setDue] = useState<Dayjs | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<DialogProblem | null>(null);

  // What is typed is looked up after a pause; Enter (a scanner's end) looks it up at once.
  const typed = useDebounced(code, 300);
  const lookedUp = entered === code.trim() ? entered : typed;
  const found = useItemByCode(lookedUp);
  const item = lookedUp !== '' && lookedUp === code.trim() ? (found.data ?? null) : null;
  const unknown = lookedUp !== '' && found.isSuccess && found.data === null;
  const unique = item?.type === 'UNIQUE';
  const level = useLevel(item?.id ?? null, warehouse?.id ?? null);
  const category = (item?.category as RefValue | null | undefined)?.id ?? null;
  const hours = useLendingHours(category, can(stockCategory.read, stockCategory.module));
  const lending = isLendingType(type);
  const unit = refLabel(item?.unit);
  const shownDirection = fixedDirection(type) ?? direction;
  const autoDue = lending ? computedDue(Date.now(), hours.data) : null;

  const values: MovementValues = {
    code,
    warehouse: warehouse?.id ?? null,
    type,
    direction,
    units,
    unique,
    serial,
    person,
    due: due ? toWireDateTime(due) : null,
    note,
  };

  const record = useMutation({
    mutationFn: () =>
      api.post<Row>(`/${stockMovement.resource}`, movementBody(values), {
        silent: true,
      }),
    onSuccess: (movement) => {
      for (const entity of [stockMovement, stockItem, stockLevel])
        void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      message.success(t('stock.movement.done', { item: item ? itemLabel(item) : code.trim() }));
      onClose();
      onRecorded?.(movement);
    },
    onError: async (error) => {
      const failure = error as ApiError | NetworkError;
      let stock = null;
      if (failure instanceof ApiError && failure.code === 'STOCK_NEGATIVE' && item && warehouse) {
        // The stock as it is now (another movement may have taken it meanwhile).
        const [fresh, freshLevel] = await Promise.all([
          found.refetch().then((result) => result.data ?? item),
          level.refetch().then((result) => result.data ?? null),
        ]);
        stock = { warehouse: warehouse.label, level: freshLevel?.current, total: fresh.current, unit };
      }
      setProblem({ text: refusalText(t, i18n.language, failure, stock) });
    },
  });

  // A refusal shows above the form: a long form (a phone) scrolls back up to it.
  useEffect(() => {
    if (problem) formRef.current?.closest('.ant-modal-body')?.scrollTo({ top: 0, behavior: 'smooth' });
  }, [problem]);

  const typeOptions = RECORDED_TYPES.map((value) => ({
    value,
    label: enumLabel(t, stockMovement, 'type', value),
  }));

  return (
    <ActionDialog
      icon={<SwapOutlined />}
      title={t('stock.movement.title')}
      width={680}
      long
      busy={record.isPending}
      submitText={t('stock.movement.submit')}
      submitDisabled={!movementComplete(values) || unknown}
      submitTestId="stock-movement-submit"
      onSubmit={() => {
        setProblem(null);
        record.mutate();
      }}
      onClose={onClose}
      isDirty={() => code.trim() !== '' || units !== null || note.trim() !== '' || person !== null}
      problem={problem}
    >
      <div ref={formRef}>
        <Form layout="vertical" className="stock-movement-form">
          <Form.Item label={t('stock.movement.code')} required extra={t('stock.movement.codeHint')}>
            <Input
              size="large"
              prefix={<BarcodeOutlined />}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onPressEnter={(event) => {
                event.preventDefault();
                setEntered(code.trim());
                if (code.trim())
                  setTimeout(
                    () => quantityRef.current?.querySelector<HTMLInputElement>('input')?.focus(),
                    50,
                  );
              }}
              placeholder={t('stock.movement.codePlaceholder')}
              maxLength={100}
              autoFocus
              autoComplete="off"
              data-testid="stock-code"
            />
          </Form.Item>
          {lookedUp !== '' && found.isFetching && !item && <Spin size="small" className="stock-alert" />}
          {unknown && (
            <Alert
              type="error"
              showIcon
              className="stock-alert"
              title={t('apiError_STOCK_UNKNOWN')}
              data-testid="stock-code-unknown"
            />
          )}
          {item && (
            <div className="stock-item-found" data-testid="stock-item-found">
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'item',
                    label: fieldLabel(t, stockMovement, 'item'),
                    children: itemLabel(item),
                  },
                  {
                    key: 'type',
                    label: fieldLabel(t, stockItem, 'type'),
                    children: enumLabel(t, stockItem, 'type', String(item.type)),
                  },
                  {
                    key: 'category',
                    label: fieldLabel(t, stockItem, 'category'),
                    children: refLabel(item.category),
                  },
                  {
                    key: 'current',
                    label: t('stock.movement.stockNow'),
                    children: (
                      <span data-testid="stock-item-current">
                        {warehouse
                          ? t('stock.movement.levelOf', {
                              level: formatQuantity(i18n.language, level.data?.current ?? 0),
                              total: formatQuantity(i18n.language, item.current ?? 0),
                              unit,
                            })
                          : `${formatQuantity(i18n.language, item.current ?? 0)} ${unit}`}
                      </span>
                    ),
                  },
                ]}
              />
            </div>
          )}
          <Form.Item label={fieldLabel(t, stockMovement, 'warehouse')} required>
            <div data-testid="stock-warehouse">
              <RefSelect
                resource="stock/warehouse"
                value={warehouse?.id ?? null}
                onChange={(id) => id === null && setWarehouse(null)}
                onChangeRef={setWarehouse}
                known={warehouse ? [warehouse] : []}
                style={{ width: '100%' }}
              />
            </div>
          </Form.Item>
          <Form.Item label={fieldLabel(t, stockMovement, 'type')} required>
            <Radio.Group
              value={type}
              onChange={(event) => setType(event.target.value as RecordedType)}
              data-testid="stock-type"
              className="stock-type"
            >
              {typeOptions.map((option) => (
                <Radio key={option.value} value={option.value}>
                  <span data-testid={`stock-type-${option.value}`}>{option.label}</span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <div className="stock-fields">
            <Form.Item label={t('stock.movement.direction')}>
              <Radio.Group
                optionType="button"
                value={shownDirection}
                disabled={fixedDirection(type) !== null}
                onChange={(event) => setDirection(event.target.value as Direction)}
                data-testid="stock-direction"
              >
                {(['in', 'out'] as const).map((value) => (
                  <Radio.Button key={value} value={value}>
                    <span data-testid={`stock-direction-${value}`}>{t(`stock.movement.${value}`)}</span>
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            <div ref={quantityRef}>
              {unique ? (
                <Form.Item
                  label={fieldLabel(t, stockMovement, 'serial')}
                  required
                  extra={t('stock.movement.oneUnit')}
                >
                  <Input
                    value={serial}
                    onChange={(event) => setSerial(event.target.value)}
                    maxLength={100}
                    autoComplete="off"
                    data-testid="stock-serial"
                  />
                </Form.Item>
              ) : (
                <Form.Item label={fieldLabel(t, stockMovement, 'units')} required>
                  <NumberInput
                    value={units}
                    onChange={(value) => setUnits(typeof value === 'number' ? value : null)}
                    min={0.001}
                    max={1_000_000_000}
                    step={1}
                    suffix={unit || undefined}
                    style={{ width: '100%' }}
                    data-testid="stock-units"
                  />
                </Form.Item>
              )}
            </div>
          </div>
          {lending && (
            <div className="stock-fields">
              <Form.Item label={fieldLabel(t, stockMovement, 'person')} required>
                <div data-testid="stock-person">
                  <RefSelect
                    resource="stock/person"
                    value={person}
                    onChange={setPerson}
                    placeholder={t('stock.movement.personPlaceholder')}
                    style={{ width: '100%' }}
                  />
                </div>
              </Form.Item>
              <Form.Item
                label={fieldLabel(t, stockMovement, 'due')}
                extra={
                  autoDue
                    ? t('stock.movement.dueFromCategory', { hours: hours.data })
                    : t('stock.movement.dueByCategory')
                }
              >
                <DatePicker
                  showTime
                  format={PICKER_FORMATS.dateTime}
                  value={due}
                  onChange={setDue}
                  placeholder={autoDue ? formatDateTime(autoDue) : t('stock.movement.dueAuto')}
                  style={{ width: '100%' }}
                  data-testid="stock-due"
                />
              </Form.Item>
            </div>
          )}
          <NoteField
            label={fieldLabel(t, stockMovement, 'note')}
            value={note}
            onChange={setNote}
            maxLength={1000}
            testId="stock-note"
          />
        </Form>
      </div>
    </ActionDialog>
  );
}
