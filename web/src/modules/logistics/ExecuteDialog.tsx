import { useState } from 'react';
import { Button, Empty, Flex, Spin, Typography, App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logisticsTransport } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { FailureAlert } from '../../components/FailureAlert';
import { GuardedModal } from '../../components/GuardedModal';
import type { Row } from '../../components/crud/fieldWire';
import type { DialogProblem } from '../../components/ActionDialog';
import {
  OperationEditor,
  useConfirmOperation,
  useOperationRequest,
  type OperationSend,
} from './OperationEditor';
import type { WorkflowOperation } from './operationForm';

const path = (transport: Row) => `/${logisticsTransport.resource}/${transport.id}`;

/** `POST /api/logistics/transport/:id/operation`: executes the operation on the transport as the user saw it. */
export const executeOperation: OperationSend = (transport, body, operation) =>
  api.post(`${path(transport)}/operation`, { ...body, operation: operation!.id }, { silent: true });

/** The operations offered for the transport: its status is their start, the user has one of their roles. */
function useOfferedOperations(transport: Row) {
  return useQuery({
    queryKey: [...entityQueryKey(logisticsTransport), transport.id, 'workflow', transport.version],
    queryFn: ({ signal }) =>
      api.get<WorkflowOperation[]>(`${path(transport)}/workflow`, { signal, silent: true }),
  });
}

/**
 * 'Provést operaci' on a transport: the operations offered for it, each in its colour; one without an editor is
 * executed at once (after 'Opravdu si přejete provést tuto operaci?' when it asks), the others open their editor.
 */
export function ExecuteDialog({ transport, onClose }: { transport: Row; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<WorkflowOperation | null>(null);
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const confirm = useConfirmOperation();
  // After a conflict, `current` is the transport as it is now: its operations are offered.
  const { mutation, current } = useOperationRequest(transport, executeOperation, {
    onDone: () => {
      message.success(
        t('logistics.operation.done', { operation: mutation.variables?.operation?.name ?? '' }),
      );
      onClose();
    },
    onProblem: setProblem,
  });
  const offered = useOfferedOperations(current);

  if (chosen)
    return (
      <OperationEditor
        transport={current}
        operation={chosen}
        title={chosen.name}
        submitText={t('logistics.action.execute')}
        send={executeOperation}
        onClose={onClose}
        onDone={onClose}
      />
    );

  const choose = async (operation: WorkflowOperation) => {
    if (!operation.withoutEditor) return setChosen(operation);
    if (!(await confirm(operation))) return;
    setProblem(null);
    mutation.mutate({ body: { values: {}, note: null }, operation });
  };
  const operations = offered.data ?? [];

  return (
    <GuardedModal
      isDirty={() => false}
      onClose={onClose}
      title={t('logistics.action.execute')}
      width={480}
      footer={
        <Button onClick={onClose} data-testid="logistics-execute-close">
          {t('crud.close')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {[current.licencePlate, (current.status as { label?: string } | null)?.label]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Paragraph>
      <FailureAlert failure={problem} className="logistics-alert" />
      <FailureAlert
        failure={offered.error ? { text: apiErrorText(offered.error as ApiError | NetworkError, t) } : null}
        className="logistics-alert"
      />
      {offered.isLoading ? (
        <Spin />
      ) : operations.length === 0 && !offered.error ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logistics.operation.none')} />
      ) : (
        <Flex vertical gap={8} data-testid="logistics-operation-options">
          {operations.map((operation) => (
            <Button
              key={operation.id}
              block
              size="large"
              className="logistics-operation-option"
              style={{ borderInlineStartColor: operation.color ?? undefined }}
              loading={mutation.isPending && mutation.variables?.operation?.id === operation.id}
              disabled={mutation.isPending}
              onClick={() => void choose(operation)}
              data-testid="logistics-operation-option"
              data-operation={operation.name}
            >
              {operation.name}
            </Button>
          ))}
        </Flex>
      )}
    </GuardedModal>
  );
}
