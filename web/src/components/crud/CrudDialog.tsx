import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, App, Button, Col, Descriptions, Form, Modal, Row as GridRow, Space, Tabs } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Entity, FieldDef } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';
import { formatDateTime } from '../../app/format';
import { FieldInput } from './FieldInput';
import { FieldView } from './FieldView';
import { entityOne, fieldLabel } from './labels';
import {
  formFieldNames,
  formValuesToInput,
  recordToFormValues,
  type DialogMode,
  type Row,
} from './fieldWire';
import {
  detailsToFormErrors,
  hasErrors,
  validateInput,
  type FormErrors,
  type ValidationMessage,
} from './validation';
import type { CrudPageProps, FormItemContext } from './types';
import { FailureAlert } from '../FailureAlert';

export interface CrudDialogProps extends Pick<
  CrudPageProps,
  'formItems' | 'formTabs' | 'wideFields' | 'dialogWidth' | 'fieldVisible' | 'preview'
> {
  entity: Entity;
  mode: DialogMode;
  record: Row | null;
  canWrite: boolean;
  onClose(): void;
  /** Switches the open dialog to another kind (preview → edit). */
  onSwitch(mode: DialogMode, record: Row): void;
}

const WIDE_KINDS = new Set<FieldDef['kind']>(['textarea', 'json', 'multiEnum', 'multiRef']);

/** Query key prefix of everything cached for one entity (list pages, reference suggestions). */
export const entityQueryKey = (entity: Entity) => ['crud', entity.resource] as const;

function translate(t: TFunction, message: ValidationMessage): string {
  return t(message.key, { ...message.params, defaultValue: t('validation.invalid') });
}

type Problem =
  | { kind: 'conflict' }
  | { kind: 'duplicate' }
  | { kind: 'messages'; messages: string[] }
  | { kind: 'failure'; text: string; detail?: string | null };

/**
 * The record dialog of a CrudPage: create, edit, clone (create pre-filled) with a form generated from the
 * entity's fields and checked by the server's own zod schema, or a read-only preview.
 */
export function CrudDialog(props: CrudDialogProps) {
  const { entity, mode, record, canWrite, onClose, onSwitch } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [version, setVersion] = useState(record?.version);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [checked, setChecked] = useState(false);
  const readOnly = mode === 'preview';
  const schema = mode === 'edit' ? entity.schemas.update : entity.schemas.create;
  const names = useMemo(() => formFieldNames(entity), [entity]);
  const initialValues = useMemo(
    () => recordToFormValues(entity, mode === 'create' ? null : record),
    [entity, mode, record],
  );

  useEffect(() => {
    if (!readOnly) form.setFieldsValue(initialValues);
  }, [form, initialValues, readOnly]);

  const showErrors = (errors: FormErrors) => {
    form.setFields(
      names.map((name) => ({ name, errors: (errors.fields[name] ?? []).map((item) => translate(t, item)) })),
    );
    setProblem(
      errors.form.length > 0
        ? { kind: 'messages', messages: errors.form.map((item) => translate(t, item)) }
        : null,
    );
  };

  const visible = (name: string, values: Record<string, unknown>) =>
    props.fieldVisible?.[name]?.(values) ?? true;

  const currentInput = () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const input = formValuesToInput(entity, values, mode === 'edit' ? 'edit' : 'create', version);
    for (const name of names)
      if (name in input && !visible(name, values))
        input[name] = entity.fields[name].kind.startsWith('multi') ? [] : null;
    return input;
  };

  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      mode === 'edit'
        ? api.put<Row>(`/${entity.resource}/${record!.id}`, input, { silent: true })
        : api.post<Row>(`/${entity.resource}`, input, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      message.success(t(mode === 'edit' ? 'crud.saved' : 'crud.created'));
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setProblem({ kind: 'failure', text: apiErrorText(error as NetworkError, t) });
        return;
      }
      if (error.code === 'VALIDATION') showErrors(detailsToFormErrors(error.body?.details, entity));
      else if (error.code === 'CONFLICT') setProblem({ kind: 'conflict' });
      else if (error.code === 'DATA_INTEGRITY') {
        const unique = names.filter((name) => entity.fields[name].unique);
        if (unique.length === 1) form.setFields([{ name: unique[0], errors: [t('crud.errors.duplicate')] }]);
        setProblem({ kind: 'duplicate' });
      } else {
        setProblem({ kind: 'failure', text: apiErrorText(error, t), detail: error.serverMessage });
        // A dead session or a lost role: the list reloads, and its failure logs the user out as everywhere.
        if (error.status === 401 || error.status === 403)
          void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      }
    },
  });

  const submit = () => {
    setChecked(true);
    const input = currentInput();
    const errors = validateInput(schema, input, entity);
    showErrors(errors);
    if (!hasErrors(errors)) save.mutate(input);
  };

  const reload = useMutation({
    mutationFn: () => api.get<Row>(`/${entity.resource}/${record!.id}`, { silent: true }),
    onSuccess: (fresh) => {
      form.setFieldsValue(recordToFormValues(entity, fresh));
      setVersion(fresh.version);
      setProblem(null);
      message.info(t('crud.reloaded'));
    },
    onError: (error) =>
      setProblem({ kind: 'failure', text: apiErrorText(error as ApiError | NetworkError, t) }),
  });

  const itemContext = (name: string): FormItemContext => ({
    entity,
    name,
    mode,
    record,
    disabled: readOnly || save.isPending,
  });

  const wide = new Set(props.wideFields ?? []);
  const formColumn = (
    name: string,
    field: FieldDef,
    full: boolean,
    custom: ((context: FormItemContext) => ReactElement) | undefined,
  ) => {
    return (
      <Col key={name} xs={24} md={full ? 24 : 12}>
        <Form.Item
          name={name}
          label={fieldLabel(t, entity, name)}
          required={field.required && field.kind !== 'bool' && !field.virtual && field.default === undefined}
        >
          {custom ? (
            custom(itemContext(name))
          ) : (
            <FieldInput entity={entity} name={name} mode={mode} record={record} disabled={save.isPending} />
          )}
        </Form.Item>
      </Col>
    );
  };
  const formItem = (name: string) => {
    const field = entity.fields[name];
    const custom = props.formItems?.[name];
    const full = wide.has(name) || WIDE_KINDS.has(field.kind) || custom !== undefined;
    const condition = props.fieldVisible?.[name];
    if (!condition) return formColumn(name, field, full, custom);
    return (
      <Form.Item key={name} noStyle shouldUpdate>
        {() => (condition(form.getFieldsValue(true)) ? formColumn(name, field, full, custom) : null)}
      </Form.Item>
    );
  };

  const tabs = props.formTabs;
  const inTabs = new Set(tabs?.flatMap((tab) => tab.fields) ?? []);
  const formBody = tabs ? (
    <Tabs
      items={tabs.map((tab, index) => ({
        key: tab.key,
        label: tab.title,
        forceRender: true,
        children: (
          <GridRow gutter={16}>
            {(index === 0
              ? names.filter((name) => !inTabs.has(name) || tab.fields.includes(name))
              : tab.fields.filter((name) => names.includes(name))
            ).map(formItem)}
          </GridRow>
        ),
      }))}
    />
  ) : (
    <GridRow gutter={16}>{names.map(formItem)}</GridRow>
  );

  const titleKey = {
    create: 'crud.dialog.create',
    edit: 'crud.dialog.edit',
    clone: 'crud.dialog.clone',
    preview: 'crud.dialog.preview',
  }[mode];

  const footer = readOnly ? (
    <Space>
      {canWrite && record && (
        <Button onClick={() => onSwitch('edit', record)}>{t('crud.action.edit')}</Button>
      )}
      <Button type="primary" onClick={onClose}>
        {t('crud.close')}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={onClose} disabled={save.isPending}>
        {t('crud.cancel')}
      </Button>
      <Button
        type="primary"
        loading={save.isPending}
        onClick={submit}
        disabled={problem?.kind === 'conflict'}
      >
        {t(mode === 'edit' ? 'crud.save' : 'crud.createButton')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      title={t(titleKey, { entity: entityOne(t, entity) })}
      onCancel={onClose}
      footer={footer}
      width={props.dialogWidth ?? 760}
      destroyOnHidden
      mask={{ closable: readOnly }}
      className="crud-dialog"
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
    >
      {problem && (
        <ProblemAlert problem={problem} onReload={() => reload.mutate()} reloading={reload.isPending} />
      )}
      {readOnly && record ? (
        (props.preview?.(record) ?? (
          <RecordPreview
            entity={entity}
            record={record}
            fields={entity.fieldNames.filter((name) => visible(name, record))}
          />
        ))
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={initialValues}
          requiredMark
          onValuesChange={() => {
            if (checked) showErrors(validateInput(schema, currentInput(), entity));
          }}
          onFinish={submit}
          className="crud-form"
        >
          {formBody}
          <button type="submit" hidden aria-hidden />
        </Form>
      )}
    </Modal>
  );
}

function ProblemAlert({
  problem,
  onReload,
  reloading,
}: {
  problem: Problem;
  onReload(): void;
  reloading: boolean;
}) {
  const { t } = useTranslation();
  switch (problem.kind) {
    case 'conflict':
      return (
        <Alert
          type="warning"
          showIcon
          className="crud-alert"
          title={t('crud.errors.conflictTitle')}
          description={t('crud.errors.conflict')}
          action={
            <Button size="small" onClick={onReload} loading={reloading}>
              {t('crud.reload')}
            </Button>
          }
        />
      );
    case 'duplicate':
      return (
        <Alert
          type="error"
          showIcon
          className="crud-alert"
          title={t('crud.errors.duplicate')}
          description={t('crud.errors.duplicateHint')}
        />
      );
    case 'messages':
      return (
        <Alert
          type="error"
          showIcon
          className="crud-alert"
          title={problem.messages.length === 1 ? problem.messages[0] : t('crud.errors.invalid')}
          description={
            problem.messages.length > 1 ? (
              <ul>
                {problem.messages.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      );
    case 'failure':
      return <FailureAlert failure={problem} className="crud-alert" />;
  }
}

/**
 * The readable fields of a record (all by default), read-only, with when it was created and last changed;
 * custom previews show it above their own parts.
 */
export function RecordPreview({
  entity,
  record,
  fields,
  timestamps = true,
}: {
  entity: Entity;
  record: Row;
  fields?: string[];
  /** Adds when the record was created and last changed. */
  timestamps?: boolean;
}) {
  const { t } = useTranslation();
  const names = (fields ?? entity.fieldNames).filter((name) => !entity.fields[name].writeOnly);
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      className="crud-preview"
      styles={{ label: { width: '32%' } }}
      items={[
        ...names.map((name) => ({
          key: name,
          label: fieldLabel(t, entity, name),
          children: <FieldView entity={entity} name={name} value={record[name]} />,
        })),
        ...(timestamps
          ? [
              {
                key: 'createdAt',
                label: t('crud.createdAt'),
                children: formatDateTime(record.createdAt) || '—',
              },
              {
                key: 'updatedAt',
                label: t('crud.updatedAt'),
                children: formatDateTime(record.updatedAt) || '—',
              },
            ]
          : []),
      ]}
    />
  );
}
