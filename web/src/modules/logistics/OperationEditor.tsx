import { useMemo, useState } from 'react';
import { ThunderboltOutlined } from '@ant-design/icons';
import { App, Col, Form, Input, Row as GridRow, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOGISTICS_TRANSPORT_ATTRIBUTES, logisticsTransport } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { FieldInput } from '../../components/crud/FieldInput';
import { fieldLabel } from '../../components/crud/labels';
import { detailsToFormErrors, type FormErrors } from '../../components/crud/validation';
import type { Row } from '../../components/crud/fieldWire';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { useFormErrors } from '../../components/useFormErrors';
import { ask, askRampOccupied } from './confirm';
import {
  LOG_NOTE,
  attributeModes,
  editorAttributes,
  editorValues,
  missingCompulsory,
  noteValue,
  operationErrorDetails,
  operationValues,
  type WorkflowOperation,
} from './operationForm';
import { useRefreshTransports } from './transportCells';

const entity = logisticsTransport;
const WIDE = new Set(['note', 'logisticsOperations']);
const FORM_NAMES = [...LOGISTICS_TRANSPORT_ATTRIBUTES, LOG_NOTE];

/** The body of an execute or an edit of the last operation (`logisticsExecuteSchema` without the operation). */
export interface OperationBody {
  version: number;
  values: Record<string, unknown>;
  note: string | null;
  /** Onto a ramp another transport holds, confirmed (LOGISTICS_RAMP_OCCUPIED). */
  force?: boolean;
}

/** Sends an operation's body for a transport (an execute names the operation). */
export type OperationSend = (
  transport: Row,
  body: OperationBody,
  operation: WorkflowOperation | null,
) => Promise<unknown>;

interface OperationRequest {
  body: Omit<OperationBody, 'version'>;
  operation: WorkflowOperation | null;
}

/** Asks 'Opravdu si přejete provést tuto operaci?' when the operation wants it; true without asking otherwise. */
export function useConfirmOperation() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (operation: WorkflowOperation | null): Promise<boolean> =>
    operation?.requireConfirmation
      ? ask(modal, {
          title: operation.name,
          content: t('logistics.operation.confirm'),
          okText: t('logistics.action.execute'),
          cancelText: t('crud.cancel'),
          okTestId: 'logistics-confirm-ok',
        })
      : Promise.resolve(true);
}

/**
 * Sends an operation of a transport (`send`): a conflict (LOGISTICS_CONFLICT: someone moved the transport) shows
 * its message and reloads the transport, so that the next try is made on the fresh one; the form keeps what the
 * user typed.
 */
export function useOperationRequest(
  transport: Row,
  send: OperationSend,
  handlers: { onDone(): void; onProblem(problem: DialogProblem | null, errors?: FormErrors): void },
) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const refresh = useRefreshTransports();
  const [current, setCurrent] = useState(transport);
  const mutation = useMutation({
    mutationFn: ({ body, operation }: OperationRequest) =>
      send(current, { ...body, version: current.version }, operation),
    onSuccess: () => {
      refresh();
      handlers.onDone();
    },
    onError: (error, request) => {
      // Onto a ramp another transport holds then: the dispatcher may plan it there all the same.
      if (error instanceof ApiError && error.code === 'LOGISTICS_RAMP_OCCUPIED') {
        void askRampOccupied(modal, t).then((yes) => {
          if (yes) mutation.mutate({ ...request, body: { ...request.body, force: true } });
        });
        return;
      }
      if (error instanceof ApiError && error.code === 'VALIDATION') {
        handlers.onProblem(null, detailsToFormErrors(operationErrorDetails(error.body?.details), entity));
        return;
      }
      handlers.onProblem({ text: apiErrorText(error as ApiError | NetworkError, t) });
      if (error instanceof ApiError && error.status === 409) {
        refresh();
        void api
          .get<Row>(`/${entity.resource}/${current.id}`, { silent: true })
          .then(setCurrent, () => undefined);
      }
    },
  });
  return { mutation, current };
}

/**
 * The editor of a workflow operation on a transport ('Provést operaci', and 'Upravit operaci' of the last one):
 * the transport's attributes, the compulsory ones required, the locked ones shown and not changeable, the
 * automatic ones named (the server sets them), and a note of the log entry.
 */
export function OperationEditor({
  transport,
  operation,
  title,
  submitText,
  send,
  onClose,
  onDone,
}: {
  transport: Row;
  /** The operation whose rules apply; null when they are not known (every attribute free). */
  operation: WorkflowOperation | null;
  title: string;
  submitText: string;
  send: OperationSend;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const errors = useFormErrors(form, FORM_NAMES, setProblem);
  const confirm = useConfirmOperation();
  const modes = useMemo(() => attributeModes(operation), [operation]);
  const initialValues = useMemo(() => editorValues(transport), [transport]);
  const { mutation, current } = useOperationRequest(transport, send, {
    onDone: () => {
      message.success(t('logistics.operation.done', { operation: title }));
      onDone();
    },
    onProblem: (next, fieldErrors) => (fieldErrors ? errors.show(fieldErrors) : setProblem(next)),
  });
  const automatic = LOGISTICS_TRANSPORT_ATTRIBUTES.filter((name) => modes[name] === 'automatic');

  const submit = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const missing = missingCompulsory(modes, values);
    errors.show({
      fields: Object.fromEntries(missing.map((name) => [name, [{ key: 'validation.required' }]])),
      form: [],
    });
    if (missing.length > 0) return;
    if (!(await confirm(operation))) return;
    mutation.mutate({
      body: { values: operationValues(modes, values), note: noteValue(values[LOG_NOTE]) },
      operation,
    });
  };

  return (
    <ActionDialog
      icon={<ThunderboltOutlined />}
      title={title}
      width={820}
      long
      busy={mutation.isPending}
      submitText={submitText}
      submitTestId="logistics-operation-submit"
      onSubmit={() => void submit()}
      onClose={onClose}
      form={form}
      problem={problem}
    >
      <Typography.Paragraph type="secondary" className="logistics-editor-transport">
        {[current.licencePlate, (current.supplier as { label?: string } | null)?.label]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Paragraph>
      {automatic.length > 0 && (
        <div className="logistics-automatic" data-testid="logistics-automatic-attributes">
          <Typography.Text type="secondary">{t('logistics.operation.automatic')}</Typography.Text>{' '}
          {automatic.map((name) => (
            <Tag key={name} color="purple">
              {fieldLabel(t, entity, name)}
            </Tag>
          ))}
        </div>
      )}
      <Form form={form} layout="vertical" initialValues={initialValues} requiredMark className="crud-form">
        <GridRow gutter={16}>
          {editorAttributes(modes).map((name) => (
            <Col key={name} xs={24} md={WIDE.has(name) ? 24 : 12}>
              <Form.Item
                name={name}
                label={fieldLabel(t, entity, name)}
                required={modes[name] === 'compulsory'}
                tooltip={modes[name] === 'locked' ? t('logistics.operation.locked') : undefined}
              >
                <FieldInput
                  entity={entity}
                  name={name}
                  mode="edit"
                  record={transport}
                  disabled={modes[name] === 'locked' || mutation.isPending}
                />
              </Form.Item>
            </Col>
          ))}
          <Col span={24}>
            <Form.Item name={LOG_NOTE} label={t('logistics.operation.note')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} showCount />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
    </ActionDialog>
  );
}
