import { Suspense, useEffect, useState } from 'react';
import { CarOutlined, DeleteOutlined, DisconnectOutlined } from '@ant-design/icons';
import { App, Flex, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vehicle, type Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { GateActions, GuardConsole, leaveRowActions } from '../../components/gate/GuardConsole';
import { WriteOffDialog } from '../../components/gate/WriteOffDialog';
import { useGateConsole } from '../../components/gate/useGateConsole';
import { VehicleDetail } from './lazyVehicleDetail';
import { AnprPanel } from './AnprPanel';
import { AnprReadsList } from './AnprReadsList';
import { VehicleEntryDialog, VehicleLeaveDialog } from './lazyDialogs';
import { ExportButton } from '../../components/crud/ExportButton';
import { useDwell, vehicleColumns, vehicleSubject } from './vehicleCells';
import '../../components/gate/gate.css';
import './vehicles.css';

const entity = vehicle as unknown as Entity;

type Dialog =
  | { kind: 'entry' | 'departure' }
  | { kind: 'leave'; entry: Row | null }
  | { kind: 'writeOff' | 'trailerWriteOff'; entry: Row };

const vehicleInside = (record: Row) => record.direction === 'IN' && record.inArea === true;
const trailerInside = (record: Row) => record.direction === 'IN' && record.trailerInArea === true;

/**
 * /vehicles/manager, the guard's console for vehicles: the gate the guard signs in to (shared with the visit
 * manager), the vehicles inside, the actions 'Zapsat vstup', 'Zapsat odchod', 'Zapsat neevidovaný odchod',
 * and per movement leave, write-off, trailer write-off and trailer delete; the CSV export.
 */
export default function VehicleManagerPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const { gate, gates, signIn, changeGate, gateDialog } = useGateConsole();
  const dwell = useDwell();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canWrite = can(vehicle.write, vehicle.module);
  useEffect(() => {
    if (!canWrite) return;
    VehicleEntryDialog.preload();
    VehicleLeaveDialog.preload();
  }, [canWrite]);

  const inArea = useQuery({
    queryKey: [...entityQueryKey(vehicle), 'inAreaCount'],
    queryFn: ({ signal }) => api.list<Row>('/vehicle/inarea', { page: 1, size: 10 }, { signal }),
    enabled: gate !== null,
  });

  if (!gate) return signIn;

  const deleteTrailer = (record: Row) =>
    modal.confirm({
      title: t('vehicles.trailerDelete.title'),
      content: t('vehicles.trailerDelete.confirm', { plate: String(record.trailerPlate ?? '') }),
      okText: t('vehicles.trailerDelete.submit'),
      okButtonProps: { danger: true, 'data-testid': 'trailer-delete-ok' } as never,
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await api.delete(`/vehicle/trailer/${String(record.id)}`, { silent: true });
          void queryClient.invalidateQueries({ queryKey: entityQueryKey(vehicle) });
          message.success(t('vehicles.trailerDelete.done'));
        } catch (error) {
          message.error(apiErrorText(error as ApiError | NetworkError, t));
        }
      },
    });

  return (
    <Flex vertical gap={16} className="visits-page" data-testid="vehicle-manager">
      <GuardConsole
        gate={gate}
        onChangeGate={changeGate}
        inArea={{
          title: t('vehicles.inAreaNow'),
          value: inArea.data?.total ?? 0,
          loading: inArea.isLoading,
          icon: <CarOutlined />,
        }}
        actions={
          canWrite ? (
            <GateActions
              testIdPrefix="vehicle-action-"
              onEntry={() => setDialog({ kind: 'entry' })}
              onLeave={() => setDialog({ kind: 'leave', entry: null })}
              onDeparture={() => setDialog({ kind: 'departure' })}
            />
          ) : undefined
        }
      />

      {canWrite && <AnprPanel gate={gate} />}

      <Tabs
        className="vehicles-tabs"
        items={[
          {
            key: 'movements',
            label: t('vehicles.tabs.movements'),
            children: (
              <CrudPage
                entity={entity}
                stateKey="/vehicles/manager:vehicle"
                noCreate
                {...vehicleColumns(t, dwell)}
                rowActions={[
                  ...leaveRowActions(t, vehicleInside, (kind, entry) => setDialog({ kind, entry })),
                  {
                    key: 'trailerWriteOff',
                    label: t('vehicles.action.trailerWriteOff'),
                    icon: <DisconnectOutlined />,
                    danger: true,
                    visible: (record, page) => page.canWrite && trailerInside(record),
                    onClick: (record) => setDialog({ kind: 'trailerWriteOff', entry: record }),
                  },
                  {
                    key: 'trailerDelete',
                    label: t('vehicles.action.trailerDelete'),
                    icon: <DeleteOutlined />,
                    danger: true,
                    visible: (record, page) => page.canWrite && trailerInside(record),
                    onClick: deleteTrailer,
                  },
                ]}
                preview={(record) => <VehicleDetail record={record} />}
                toolbar={(page) => (
                  <ExportButton
                    path="/vehicle/export"
                    listQuery={page.listQuery}
                    fileName="vehicles"
                    testId="vehicle-export"
                  />
                )}
              />
            ),
          },
          { key: 'reads', label: t('vehicles.tabs.reads'), children: <AnprReadsList /> },
        ]}
      />

      <Suspense fallback={null}>
        {(dialog?.kind === 'entry' || dialog?.kind === 'departure') && (
          <VehicleEntryDialog kind={dialog.kind} gate={gate} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'leave' && (
          <VehicleLeaveDialog
            entry={dialog.entry}
            gate={gate}
            gates={gates}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
      {dialog?.kind === 'writeOff' && (
        <WriteOffDialog
          entry={dialog.entry}
          entity={entity}
          path="/vehicle/writeoff"
          subject={vehicleSubject(dialog.entry)}
          doneText={t('vehicles.writeOff.done')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'trailerWriteOff' && (
        <WriteOffDialog
          entry={dialog.entry}
          entity={entity}
          path="/vehicle/trailer/writeoff"
          title={t('vehicles.action.trailerWriteOff')}
          subject={t('vehicles.trailer', { plate: String(dialog.entry.trailerPlate ?? '') })}
          doneText={t('vehicles.trailerWriteOff.done')}
          onClose={() => setDialog(null)}
        />
      )}
      {gateDialog}
    </Flex>
  );
}
