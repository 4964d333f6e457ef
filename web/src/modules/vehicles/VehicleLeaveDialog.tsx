import { useState } from 'react';
import { LogoutOutlined } from '@ant-design/icons';
import { App, Form, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vehicle, type Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatTime, toWireDateTime } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { DepartureFields, departureBody, type DepartureValues } from '../../components/gate/DepartureFields';
import type { GateOption } from '../../components/gate/gates';
import type { GuardGate } from '../../components/gate/guardGate';
import { LeaveEntryChooser, enteredItem } from '../../components/gate/LeaveEntryChooser';
import { DriverCell, DwellTag, useDwell } from './vehicleCells';
import { useVehiclesInArea } from '../../components/gate/inAreaSearch';

const entity = vehicle as unknown as Entity;

const entryLabel = (row: Row) =>
  [
    row.plate,
    row.trailerPlate ? `+ ${String(row.trailerPlate)}` : null,
    formatTime(row.movementTime as string),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * 'Zapsat odchod' of a vehicle: through a gate (the guard's by default), now or at a time; a trailer in the
 * area leaves with its tractor unless the guard switches that off (the trailer then stays inside).
 */
export function VehicleLeaveDialog({
  entry,
  gate,
  gates,
  onClose,
}: {
  /** The entry that leaves; without one the guard finds it by plate. */
  entry: Row | null;
  gate: GuardGate;
  gates: GateOption[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const dwell = useDwell();
  const [chosen, setChosen] = useState<Row | null>(entry);
  const [search, setSearch] = useState('');
  const [withTrailer, setWithTrailer] = useState(true);
  const [departure, setDeparture] = useState<DepartureValues>({ gateId: gate.id, time: null, note: '' });
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const found = useVehiclesInArea(search);
  const hasTrailerInside = chosen?.trailerInArea === true;

  const leave = useMutation({
    mutationFn: () =>
      api.post<Row>(
        `/vehicle/${chosen!.id}/leave`,
        { ...departureBody(departure, toWireDateTime), ...(hasTrailerInside ? { withTrailer } : {}) },
        { silent: true },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(vehicle) });
      message.success(
        t(hasTrailerInside && !withTrailer ? 'vehicles.leave.doneTrailerStays' : 'vehicles.leave.done'),
      );
      onClose();
    },
    onError: (error) => setProblem({ text: apiErrorText(error as ApiError | NetworkError, t) }),
  });

  return (
    <ActionDialog
      icon={<LogoutOutlined />}
      title={t('visits.action.leave')}
      width={640}
      busy={leave.isPending}
      submitText={t('visits.leave.submit')}
      submitDisabled={!chosen || !departure.gateId}
      submitTestId="vehicle-leave-submit"
      onSubmit={() => {
        setProblem(null);
        leave.mutate();
      }}
      onClose={onClose}
      isDirty={() => departure.note.trim() !== '' || departure.time !== null}
      problem={problem}
    >
      <Form layout="vertical" className="visits-form">
        <LeaveEntryChooser
          entry={entry}
          chosen={chosen}
          onChoose={setChosen}
          found={found.data}
          searching={found.isFetching}
          onSearch={(text) => setSearch(text.toUpperCase())}
          optionLabel={entryLabel}
          texts={{
            find: t('vehicles.leave.find'),
            placeholder: t('vehicles.leave.findPlaceholder'),
            nothing: t('vehicles.leave.nothing'),
          }}
          testId="vehicle-leave-find"
          summary={(row) => [
            { key: 'plate', label: fieldLabel(t, entity, 'plate'), children: String(row.plate) },
            ...(row.trailerPlate
              ? [
                  {
                    key: 'trailer',
                    label: fieldLabel(t, entity, 'trailerPlate'),
                    children: String(row.trailerPlate),
                  },
                ]
              : []),
            { key: 'driver', label: t('vehicles.columns.driver'), children: <DriverCell record={row} /> },
            enteredItem(
              t,
              row,
              <DwellTag since={row.movementTime as string} now={dwell.now} limitHours={dwell.limitHours} />,
            ),
          ]}
        />
        {hasTrailerInside && (
          <Form.Item label={t('vehicles.leave.withTrailer', { plate: String(chosen?.trailerPlate ?? '') })}>
            <Switch
              checked={withTrailer}
              onChange={setWithTrailer}
              checkedChildren={t('vehicles.leave.trailerLeaves')}
              unCheckedChildren={t('vehicles.leave.trailerStays')}
              data-testid="vehicle-leave-with-trailer"
            />
          </Form.Item>
        )}
        <DepartureFields entity={entity} gates={gates} value={departure} onChange={setDeparture} />
      </Form>
    </ActionDialog>
  );
}
