import { useState } from 'react';
import { FormOutlined, PlayCircleOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  LOGISTICS_CANCEL,
  LOGISTICS_CREATE,
  LOGISTICS_ROLES,
  logisticsTransport,
  logisticsWorkflowOperation,
  type LogisticsCallerWorkflow,
  type RefValue,
} from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { useAccess } from '../../lib/session';
import { CrudDialog } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import type { FormTab, RowAction } from '../../components/crud/types';
import { ask, askRampOccupied } from './confirm';
import { EditOperationDialog } from './EditOperationDialog';
import { ExecuteDialog } from './ExecuteDialog';
import { isOpenTransport, useRefreshTransports, useStatusLooks } from './transportCells';

const entity = logisticsTransport;
const MODULE = entity.module;

type Dialog =
  { kind: 'create' } | { kind: 'execute'; transport: Row } | { kind: 'editOperation'; transport: Row };

/** The transport's fields in two tabs: the transport itself, and its driver and vehicle. */
export function transportTabs(t: TFunction): FormTab[] {
  return [
    {
      key: 'transport',
      title: t('logistics.transport.tab.transport'),
      fields: [
        'datetimeArrive',
        'entry',
        'leave',
        'supplier',
        'type',
        'spedition',
        'ramp',
        'logisticsOperations',
        'note',
      ],
    },
    {
      key: 'driver',
      title: t('logistics.transport.tab.driver'),
      fields: [
        'licencePlate',
        'driverFirstName',
        'driverLastName',
        'phone',
        'documentType',
        'documentNumber',
        'cardNumber',
      ],
    },
  ];
}

const NOTHING_OFFERED: LogisticsCallerWorkflow = { startStatuses: [], operations: [] };

/**
 * What the workflow lets the user do on the site (`GET /api/logistics/workflow`): the operations' own roles
 * decide, so a role that reads transports but runs no operation is offered none. Under the workflow
 * operations' query key: the administrator's changes to them refresh it.
 */
function useCallerWorkflow(enabled: boolean): LogisticsCallerWorkflow {
  const { data } = useQuery({
    queryKey: ['crud', logisticsWorkflowOperation.resource, 'caller'],
    queryFn: ({ signal }) =>
      api.get<LogisticsCallerWorkflow>('/logistics/workflow', { signal, silent: true }),
    enabled,
  });
  return enabled ? (data ?? NOTHING_OFFERED) : NOTHING_OFFERED;
}

/**
 * The actions of transports, for the list and the board alike: 'Vytvořit záznam' (LOGISTICS_CREATE),
 * 'Provést operaci' on an open transport in a status an operation of the user starts in, 'Upravit operaci' on an
 * open transport whose last operation is one of the user's (the operations' own roles decide, as on the server),
 * and the cancel (LOGISTICS_CANCEL); with their dialogs, rendered by `dialogs`.
 */
export function useTransportActions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const refresh = useRefreshTransports();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canCreate = can(LOGISTICS_CREATE, MODULE);
  const canOperate = can(LOGISTICS_ROLES, MODULE);
  const canCancel = can(LOGISTICS_CANCEL, MODULE);
  const close = () => setDialog(null);
  const looks = useStatusLooks();
  const isOpen = (transport: Row) => isOpenTransport(transport, looks);
  const workflow = useCallerWorkflow(canOperate);
  const refId = (value: unknown) => (value as RefValue | null | undefined)?.id;
  const canExecute = (transport: Row) =>
    canOperate && isOpen(transport) && workflow.startStatuses.includes(refId(transport.status) ?? -1);
  const canEditOperation = (transport: Row) =>
    canOperate && isOpen(transport) && workflow.operations.includes(refId(transport.operation) ?? -1);

  const create = () => setDialog({ kind: 'create' });
  const execute = (transport: Row) => setDialog({ kind: 'execute', transport });
  const editOperation = (transport: Row) => setDialog({ kind: 'editOperation', transport });
  const cancel = async (transport: Row) => {
    const yes = await ask(modal, {
      title: t('logistics.cancel.title'),
      content: t('logistics.cancel.confirm', { plate: transport.licencePlate ?? `#${transport.id}` }),
      okText: t('logistics.cancel.ok'),
      cancelText: t('crud.close'),
      okTestId: 'logistics-cancel-ok',
      danger: true,
    });
    if (!yes) return;
    try {
      await api.post(
        `/${entity.resource}/${transport.id}/cancel`,
        { version: transport.version },
        { silent: true },
      );
      message.success(t('logistics.cancel.done'));
    } catch (error) {
      message.error(apiErrorText(error as ApiError | NetworkError, t));
    }
    refresh();
  };

  const rowActions: RowAction[] = [
    ...(canOperate
      ? [
          {
            key: 'execute',
            label: t('logistics.action.execute'),
            icon: <PlayCircleOutlined />,
            testId: 'logistics-execute',
            visible: canExecute,
            onClick: execute,
          },
          {
            key: 'editOperation',
            label: t('logistics.action.editOperation'),
            icon: <FormOutlined />,
            testId: 'logistics-edit-operation',
            visible: canEditOperation,
            onClick: editOperation,
          },
        ]
      : []),
    ...(canCancel
      ? [
          {
            key: 'cancel',
            label: t('logistics.cancel.action'),
            icon: <StopOutlined />,
            danger: true,
            testId: 'logistics-cancel',
            visible: isOpen,
            onClick: (transport: Row) => void cancel(transport),
          },
        ]
      : []),
  ];

  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="logistics-create">
      {t('logistics.action.create')}
    </Button>
  );

  const dialogs =
    dialog?.kind === 'create' ? (
      <CrudDialog
        entity={entity}
        mode="create"
        record={null}
        canWrite
        onClose={close}
        onSwitch={close}
        createValues={{ datetimeArrive: new Date().toISOString() }}
        formTabs={transportTabs(t)}
        dialogWidth={820}
        action={{
          path: `/${entity.resource}`,
          title: t('logistics.action.create'),
          submitText: t('logistics.action.create'),
          successText: t('logistics.transport.created'),
          onDone: refresh,
          confirmWarning: (error) =>
            error.code === 'LOGISTICS_RAMP_OCCUPIED'
              ? askRampOccupied(modal, t).then((yes) => (yes ? { force: true } : null))
              : null,
        }}
      />
    ) : dialog?.kind === 'execute' ? (
      <ExecuteDialog key={dialog.transport.id} transport={dialog.transport} onClose={close} />
    ) : dialog?.kind === 'editOperation' ? (
      <EditOperationDialog key={dialog.transport.id} transport={dialog.transport} onClose={close} />
    ) : null;

  return {
    canCreate,
    canOperate,
    canExecute,
    canCancel,
    looks,
    execute,
    editOperation,
    cancel,
    rowActions,
    createButton,
    dialogs,
  };
}
