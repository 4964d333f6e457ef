import { useRef, useState } from 'react';
import { BarcodeOutlined, KeyOutlined } from '@ant-design/icons';
import { App, Form, Input, Segmented, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { key as keyEntity, keyLend, vehicle, visit, type KeyLendCheck } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatTime } from '../../lib/format';
import { useAccess } from '../../lib/session';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { RefSelect } from '../../components/crud/RefSelect';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { GateSelect } from '../../components/gate/GatePicker';
import { LeaveEntryChooser, enteredItem } from '../../components/gate/LeaveEntryChooser';
import type { GateOption } from '../../components/gate/gates';
import type { GuardGate } from '../../components/gate/guardGate';
import { useDebounced } from '../../lib/useDebounced';
import { PersonalText, isMasked } from '../../components/gate/visitCells';
import { useVehiclesInArea, useVisitorsInArea, visitorLabel } from '../../components/gate/inAreaSearch';
import { LendCheckResult } from './LendCheckResult';
import './keyRefs';
import { NoteField } from '../../components/NoteField';

/** Who takes the key: a site person, a visitor in the area, or the driver of a vehicle in the area. */
export type HolderKind = 'person' | 'visit' | 'vehicle';

/** The holder part of a lend (and of its check): exactly one of `person`, `visit`, `vehicle`. */
export function holderQuery(kind: HolderKind, id: number | null): Partial<Record<HolderKind, number>> {
  return id === null ? {} : { [kind]: id };
}

/** A vehicle in the area as the holder search shows it: plate, driver, when it came. */
function vehicleLabel(row: Row): string {
  const driver = isMasked(row.driverLastName)
    ? '***'
    : [row.driverLastName, row.driverFirstName].filter(Boolean).join(' ');
  return [row.plate, driver, formatTime(row.movementTime as string)].filter(Boolean).join(' · ');
}

const personName = (row: Row, last: string, first: string) => (
  <Space size={6}>
    <PersonalText value={row[last]} strong />
    <PersonalText value={row[first]} strong />
  </Space>
);

/** The chosen visitor's or vehicle's summary lines. */
function holderSummary(t: TFunction, kind: 'visit' | 'vehicle', row: Row) {
  return kind === 'visit'
    ? [
        {
          key: 'visitor',
          label: t('visits.form.visitor'),
          children: personName(row, 'lastName', 'firstName'),
        },
        ...(row.company
          ? [{ key: 'company', label: fieldLabel(t, visit, 'company'), children: String(row.company) }]
          : []),
        enteredItem(t, row),
      ]
    : [
        { key: 'plate', label: fieldLabel(t, vehicle, 'plate'), children: String(row.plate) },
        {
          key: 'driver',
          label: t('vehicles.columns.driver'),
          children: personName(row, 'driverLastName', 'driverFirstName'),
        },
        enteredItem(t, row),
      ];
}

/**
 * 'Lend a key' at the guard's gate: the key by its code (a barcode scanner types it and presses Enter), checked
 * live — the key, its due time and whether the chosen holder may hold it; the holder a site person, a visitor in
 * the area or the driver of a vehicle in the area (keys of the VEHICLE workflow); the gate and notes.
 */
export function LendDialog({
  gate,
  gates,
  onClose,
}: {
  gate: GuardGate;
  gates: GateOption[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const holderRef = useRef<HTMLDivElement>(null);
  const [code, setCode] = useState('');
  const [entered, setEntered] = useState('');
  const [kind, setKind] = useState<HolderKind>('person');
  const [person, setPerson] = useState<number | null>(null);
  const [visitor, setVisitor] = useState<Row | null>(null);
  const [driven, setDriven] = useState<Row | null>(null);
  const [search, setSearch] = useState('');
  const [gateId, setGateId] = useState<number | null>(gate.id);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<DialogProblem | null>(null);

  const seesVisitors = can(visit.read, visit.module);
  const seesVehicles = can(vehicle.read, vehicle.module);
  const visitors = useVisitorsInArea(search, can(['VIEW_PERSONAL_INFO']), kind === 'visit');
  const vehicles = useVehiclesInArea(search, kind === 'vehicle');

  const holderId =
    kind === 'person' ? person : kind === 'visit' ? (visitor?.id ?? null) : (driven?.id ?? null);
  const holder = holderQuery(kind, holderId);
  // What is typed is checked after a pause; Enter (a scanner's end) checks at once.
  const typed = useDebounced(code.trim(), 300);
  const checkedCode = entered === code.trim() ? entered : typed;
  const check = useQuery({
    queryKey: [...entityQueryKey(keyLend), 'check', checkedCode, holder],
    queryFn: ({ signal }) =>
      api.get<KeyLendCheck>('/keymanagement/lend/check', {
        query: { code: checkedCode, ...holder },
        silent: true,
        signal,
      }),
    enabled: checkedCode !== '',
    retry: false,
    // The same code with another holder keeps showing its key while the answer comes; another code does not.
    placeholderData: (previous, query) => (query?.queryKey[3] === checkedCode ? previous : undefined),
  });

  const lend = useMutation({
    mutationFn: () =>
      api.post<Row>(
        '/keymanagement/lend',
        { code: code.trim(), gate: gateId, ...holder, ...(notes.trim() ? { notes: notes.trim() } : {}) },
        { silent: true },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(keyLend) });
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(keyEntity) });
      message.success(t('keys.lend.done', { key: check.data?.key.label ?? code.trim() }));
      onClose();
    },
    onError: (error) => setProblem({ text: apiErrorText(error as ApiError | NetworkError, t) }),
  });

  const kinds: { value: HolderKind; label: string }[] = [
    { value: 'person', label: t('keys.holder.person') },
    ...(seesVisitors ? [{ value: 'visit' as const, label: t('keys.holder.visit') }] : []),
    ...(seesVehicles ? [{ value: 'vehicle' as const, label: t('keys.holder.vehicle') }] : []),
  ];
  const chooseKind = (next: HolderKind) => {
    setKind(next);
    setSearch('');
  };
  const focusHolder = () =>
    setTimeout(() => holderRef.current?.querySelector<HTMLInputElement>('input')?.focus(), 0);

  return (
    <ActionDialog
      icon={<KeyOutlined />}
      title={t('keys.lend.title')}
      width={640}
      busy={lend.isPending}
      submitText={t('keys.lend.submit')}
      submitDisabled={!code.trim() || holderId === null || !gateId}
      submitTestId="key-lend-submit"
      onSubmit={() => {
        setProblem(null);
        lend.mutate();
      }}
      onClose={onClose}
      isDirty={() => code.trim() !== '' || holderId !== null || notes.trim() !== ''}
      problem={problem}
    >
      <Form layout="vertical" className="visits-form keys-lend-form">
        <Form.Item label={t('keys.lend.code')} required extra={t('keys.lend.codeHint')}>
          <Input
            size="large"
            prefix={<BarcodeOutlined />}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              setEntered(code.trim());
              if (code.trim()) focusHolder();
            }}
            placeholder={t('keys.lend.codePlaceholder')}
            maxLength={100}
            autoFocus
            autoComplete="off"
            data-testid="key-code"
          />
        </Form.Item>
        {checkedCode !== '' && (
          <LendCheckResult
            check={check.data}
            error={check.error as ApiError | NetworkError | null}
            loading={check.isFetching}
            holderChosen={holderId !== null}
          />
        )}
        <Form.Item label={t('keys.holder.label')} required>
          <div ref={holderRef} className="keys-holder">
            {kinds.length > 1 && (
              <Segmented<HolderKind>
                block
                value={kind}
                onChange={chooseKind}
                options={kinds}
                data-testid="key-holder-kind"
              />
            )}
            {kind === 'person' && (
              <div data-testid="key-holder">
                <RefSelect
                  resource="keymanagement/person"
                  value={person}
                  onChange={setPerson}
                  placeholder={t('keys.holder.personPlaceholder')}
                  style={{ width: '100%' }}
                />
              </div>
            )}
          </div>
        </Form.Item>
        {kind !== 'person' && (
          <LeaveEntryChooser
            key={kind}
            entry={null}
            chosen={kind === 'visit' ? visitor : driven}
            onChoose={kind === 'visit' ? setVisitor : setDriven}
            found={(kind === 'visit' ? visitors : vehicles).data}
            searching={(kind === 'visit' ? visitors : vehicles).isFetching}
            onSearch={(text) => setSearch(kind === 'vehicle' ? text.toUpperCase() : text)}
            optionLabel={kind === 'visit' ? visitorLabel : vehicleLabel}
            texts={
              kind === 'visit'
                ? {
                    find: t('keys.holder.findVisitor'),
                    placeholder: t('visits.leave.findPlaceholder'),
                    nothing: t('visits.leave.nobody'),
                  }
                : {
                    find: t('keys.holder.findVehicle'),
                    placeholder: t('vehicles.leave.findPlaceholder'),
                    nothing: t('vehicles.leave.nothing'),
                  }
            }
            testId="key-holder"
            summary={(row) => holderSummary(t, kind, row)}
          />
        )}
        <Space size={16} className="visits-leave-fields keys-lend-fields" align="start" wrap>
          <Form.Item label={fieldLabel(t, keyLend, 'gate')} required>
            <GateSelect gates={gates} value={gateId} onChange={setGateId} style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <NoteField
          label={fieldLabel(t, keyLend, 'notes')}
          value={notes}
          onChange={setNotes}
          maxLength={1000}
          testId="key-lend-notes"
        />
      </Form>
    </ActionDialog>
  );
}
