import { useMemo, useState } from 'react';
import { HistoryOutlined } from '@ant-design/icons';
import { App, Form, Input, Space } from 'antd';
import { IconButton } from '../../components/IconButton';
import { useTranslation } from 'react-i18next';
import { vehicle, type Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { CrudDialog, type CrudDialogAction } from '../../components/crud/CrudDialog';
import { recordToFormValues, type Row } from '../../components/crud/fieldWire';
import type { FormItemContext } from '../../components/crud/types';
import { CompanionFields, companionInput } from '../../components/gate/EquipmentFields';
import type { GuardGate } from '../../components/gate/guardGate';
import { confirmEntryWarning, isEntryWarning } from '../../components/gate/warnings';
import { IdDocumentButton } from '../../components/gate/IdDocumentButton';

const entity = vehicle as unknown as Entity;

/** Fields a last movement fills in: the vehicle, trailer, driver and cargo, not the time, gate, card or note. */
const FILLED_FROM_LAST = [
  'forwarder',
  'plate',
  'driverFirstName',
  'driverLastName',
  'driverContact',
  'documentType',
  'documentNumber',
  'trailerPlate',
  'purpose',
  'trackingNumber',
  'trailerTrackingNumber',
  'containerNumber',
  'status',
  'trailerStatus',
  'trailerSeal',
  'material',
  'type',
];

/** What a read identity document fills in: the driver's names and document. */
const DRIVER_DOCUMENT_FIELDS = {
  firstName: 'driverFirstName',
  lastName: 'driverLastName',
  documentType: 'documentType',
  documentNumber: 'documentNumber',
};

/** Groups of the form: the vehicle at the gate, its driver (with the companions), its trailer and cargo. */
function formTabs(t: (key: string) => string) {
  return [
    {
      key: 'vehicle',
      title: t('vehicles.form.vehicle'),
      fields: [
        'plate',
        'trailerPlate',
        'purpose',
        'type',
        'forwarder',
        'card',
        'gate',
        'movementTime',
        'note',
      ],
    },
    {
      key: 'driver',
      title: t('vehicles.form.driver'),
      fields: ['driverFirstName', 'driverLastName', 'driverContact', 'documentType', 'documentNumber'],
      extra: (
        <>
          <IdDocumentButton fields={DRIVER_DOCUMENT_FIELDS} />
          <CompanionFields emptyText={t('vehicles.form.noCompanions')} />
        </>
      ),
    },
    {
      key: 'cargo',
      title: t('vehicles.form.cargo'),
      fields: [
        'trailerStatus',
        'trailerTrackingNumber',
        'trailerSeal',
        'status',
        'material',
        'trackingNumber',
        'containerNumber',
      ],
    },
  ];
}

/**
 * A text field with a button that fills the form from the last movement it finds (`lastbylp`, `lastbycard`).
 * An unknown card shows 'Card does not exist' on the field.
 */
function LookupInput({
  context,
  lookup,
  upperCase,
  value,
  onChange,
  id,
}: {
  context: FormItemContext;
  lookup: (value: string) => Promise<Row | null>;
  upperCase?: boolean;
  value?: string | null;
  onChange?(value: string): void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const fill = async () => {
    const text = (value ?? '').trim();
    if (!text) return;
    setBusy(true);
    try {
      const last = await lookup(text);
      if (!last) {
        message.info(t('vehicles.entry.noLast'));
        return;
      }
      const values = recordToFormValues(entity, last);
      form.setFieldsValue(Object.fromEntries(FILLED_FROM_LAST.map((name) => [name, values[name]])));
      message.success(t('vehicles.entry.filled', { time: formatDateTime(last.movementTime as string) }));
    } catch (error) {
      const text = apiErrorText(error as ApiError | NetworkError, t);
      if (error instanceof ApiError && error.code === 'CARD_NOT_FOUND')
        form.setFields([{ name: context.name, errors: [text] }]);
      else message.error(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value ?? ''}
        disabled={context.disabled}
        maxLength={context.entity.fields[context.name].max}
        onChange={(event) => onChange?.(upperCase ? event.target.value.toUpperCase() : event.target.value)}
        onPressEnter={(event) => {
          event.preventDefault();
          void fill();
        }}
      />
      <IconButton
        label={t('vehicles.entry.fillFromLast')}
        icon={<HistoryOutlined />}
        loading={busy}
        disabled={context.disabled || !(value ?? '').trim()}
        onClick={() => void fill()}
        data-testid={`lookup-${context.name}`}
      />
    </Space.Compact>
  );
}

/** What an entry comes from: a camera's plate read it confirms, or a vehicle advice it uses. */
export interface EntrySource {
  kind: 'read' | 'advice';
  id: number;
}

/**
 * 'Zapsat vstup' of a vehicle at the guard's gate (or 'Zapsat neevidovaný odchod' with the same form): every
 * field of the movement in groups, the driver's companions, the plate and card filling the form from their
 * last entry, and the warning when the vehicle, its trailer or its driver is already in the area or on a
 * blacklist (each hit confirmed by the guard, sent as `blacklistAcknowledged`).
 */
export function VehicleEntryDialog({
  kind,
  gate,
  initial,
  source,
  onDone,
  onClose,
}: {
  kind: 'entry' | 'departure';
  /** The guard's gate (the form's gate unless `initial` names one). */
  gate: GuardGate | null;
  /** Values the form starts with: an advice's or a plate read's (`GET /api/vehicle/…/:id/entry`). */
  initial?: Row | null;
  /** The entry confirms a plate read or uses an advice: it posts to that one's entry route. */
  source?: EntrySource;
  /** After the entry was recorded (the caller refreshes what the source changed). */
  onDone?(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const prefilled = useMemo(() => {
    const values: Record<string, unknown> = { status: null };
    if (gate) values.gate = { id: gate.id, label: gate.name };
    for (const [name, value] of Object.entries(initial ?? {}))
      if (value !== null && value !== undefined && name in entity.fields) values[name] = value;
    return values as unknown as Row;
  }, [gate, initial]);
  const title =
    source?.kind === 'advice' ? t('visits.action.fromAdvice') : source ? t('anpr.confirmEntry') : null;

  const action: CrudDialogAction = {
    path: source
      ? `/vehicle/${source.kind === 'read' ? 'anpr/read' : 'advice'}/${source.id}/entry`
      : kind === 'entry'
        ? '/vehicle/entry'
        : '/vehicle/departure',
    title: title ?? t(kind === 'entry' ? 'visits.action.entry' : 'visits.action.departure'),
    submitText: t(kind === 'entry' ? 'visits.action.entry' : 'visits.action.departure'),
    successText: t(kind === 'entry' ? 'vehicles.entry.done' : 'vehicles.departure.done'),
    onDone: () => onDone?.(),
    extraInput: (values) => ({ companions: companionInput(values) }),
    confirmWarning: (error, input) => {
      if (!isEntryWarning(error)) return null;
      const driver = [input.driverFirstName, input.driverLastName].filter(Boolean).join(' ');
      return confirmEntryWarning(modal, t, error, driver || t('vehicles.warning.driver'), {
        inAreaTitle: t('vehicles.warning.inAreaTitle'),
        blacklistTitle: t('vehicles.blacklist.hitsTitle'),
        hitsIntro: t('vehicles.warning.hitsIntro'),
        inAreaLines: (paths) =>
          paths.map((path) =>
            t(`vehicles.warning.inArea.${path}`, {
              plate: input.plate,
              trailer: input.trailerPlate,
              name: driver,
            }),
          ),
      }).then((confirmed) =>
        confirmed
          ? {
              ...(confirmed.force ? { force: true } : {}),
              ...(confirmed.blacklistAcknowledged.length > 0
                ? { blacklistAcknowledged: confirmed.blacklistAcknowledged }
                : {}),
            }
          : null,
      );
    },
  };

  return (
    <CrudDialog
      entity={entity}
      mode="clone"
      record={prefilled}
      canWrite
      onClose={onClose}
      onSwitch={() => undefined}
      action={action}
      formTabs={formTabs(t)}
      dialogWidth={820}
      formItems={{
        plate: (context) => (
          <LookupInput
            context={context}
            upperCase
            lookup={(plate) => api.get<Row | null>('/vehicle/lastbylp', { query: { plate }, silent: true })}
          />
        ),
        card: (context) => (
          <LookupInput
            context={context}
            lookup={(card) => api.get<Row | null>('/vehicle/lastbycard', { query: { card }, silent: true })}
          />
        ),
      }}
    />
  );
}
