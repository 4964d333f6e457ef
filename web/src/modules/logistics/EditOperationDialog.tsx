import { Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logisticsTransport, logisticsWorkflowOperation, type RefValue } from '@strazce/contract';
import { api } from '../../lib/api';
import { useAccess } from '../../lib/session';
import type { Row } from '../../components/crud/fieldWire';
import { OperationEditor, type OperationSend } from './OperationEditor';
import type { WorkflowOperation } from './operationForm';
import { useTransportLog } from './TransportLog';

/** The log entry of the transport's last operation (its corrections aside), or null before the first one. */
export function lastOperationEntry(log: readonly Row[]): Row | null {
  return [...log].reverse().find((entry) => !entry.edit && entry.operation) ?? null;
}

/**
 * The rules of the transport's last operation. Only the logistics administrator reads workflow operations: for
 * anyone else they are not known here, every attribute is offered, and the server's answer names what breaks
 * a rule on its field.
 */
function useOperationRules(operation: RefValue | null) {
  const { can } = useAccess();
  const readable = can(logisticsWorkflowOperation.read, logisticsWorkflowOperation.module);
  return useQuery({
    queryKey: ['crud', logisticsWorkflowOperation.resource, 'rules', operation?.id],
    enabled: operation !== null && readable,
    queryFn: ({ signal }) =>
      api
        .get<WorkflowOperation>(`/${logisticsWorkflowOperation.resource}/${operation!.id}`, {
          signal,
          silent: true,
        })
        .catch(() => null),
  });
}

/**
 * 'Upravit operaci': corrects the values of the transport's last operation under that operation's rules
 * (`PUT /api/logistics/transport/:id/operation/:logId`), without changing its status.
 */
export function EditOperationDialog({ transport, onClose }: { transport: Row; onClose(): void }) {
  const { t } = useTranslation();
  const operation = (transport.operation as RefValue | null) ?? null;
  const log = useTransportLog(transport.id);
  const rules = useOperationRules(operation);
  const entry = lastOperationEntry(log.data?.rows ?? []);
  if (log.isLoading || rules.isLoading)
    return (
      <Modal open footer={null} onCancel={onClose} title={t('logistics.action.editOperation')}>
        <Spin />
      </Modal>
    );
  const send: OperationSend = (current, body) =>
    api.put(`/${logisticsTransport.resource}/${current.id}/operation/${entry?.id ?? 0}`, body, {
      silent: true,
    });
  return (
    <OperationEditor
      transport={transport}
      operation={rules.data ?? null}
      title={`${t('logistics.action.editOperation')}: ${operation?.label ?? ''}`}
      submitText={t('crud.save')}
      send={send}
      onClose={onClose}
      onDone={onClose}
    />
  );
}
