import { useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Col,
  Descriptions,
  Divider,
  Form,
  Input,
  Row as GridRow,
  Space,
  Tabs,
} from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Entity, FieldDef } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorContent, apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { FieldInput } from './FieldInput';
import { FieldView } from './FieldView';
import { entityOne, fieldLabel } from './labels';
import {
  formFieldNames,
  formValuesToInput,
  recordToFormValues,
  toFormValue,
  type DialogMode,
  type Row,
} from './fieldWire';
import {
  detailsToFormErrors,
  hasErrors,
  validateInput,
  validationText,
  type FormErrors,
  type ValidationMessage,
} from './validation';
import type { CrudPageProps, FormItemContext } from './types';
import { FailureAlert } from '../FailureAlert';
import { GuardedModal } from '../GuardedModal';

export interface CrudDialogProps extends Pick<
  CrudPageProps,
  | 'formItems'
  | 'formTabs'
  | 'formSections'
  | 'wideFields'
  | 'dialogWidth'
  | 'fieldVisible'
  | 'preview'
  | 'apiQuery'
  | 'createValues'
  | 'confirmWarning'
  | 'formWarning'
> {
  entity: Entity;
  mode: DialogMode;
  record: Row | null;
  canWrite: boolean;
  onClose(): void;
  /** Switches the open dialog to another kind (preview → edit). */
  onSwitch(mode: DialogMode, record: Row): void;
  /** A create that is an action of its own (a vehicle entry): where it posts, its title and button. */
  action?: CrudDialogAction;
  /** Children of the form after the fields (e.g. a lookup's result). */
  extra?: ReactNode;
}

/** A create dialog posting to an action route, which may answer with a warning the user confirms. */
export interface CrudDialogAction {
  /** API path of the POST (`/vehicle/entry`). */
  path: string;
  title: string;
  submitText: string;
  successText: string;
  /**
   * A 409 the user may override (already in the area): asks, and answers the fields to send again with
   * (`{ force: true }`), or null when the user cancels. Other errors show in the dialog.
   */
  confirmWarning?(
    error: ApiError,
    input: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> | null;
  /** Called with the created record after success (before the dialog closes). */
  onDone?(record: Row): void;
  /**
   * Body keys beyond the entity's fields, from the form's values (the companions of a `FormTab.extra` list);
   * the form's own rules check them, the entity's schema does not.
   */
  extraInput?(values: Record<string, unknown>): Record<string, unknown>;
}

const WIDE_KINDS = new Set<FieldDef['kind']>(['textarea', 'json', 'multiEnum', 'multiRef']);

/** Query key prefix of everything cached for one entity (list pages, reference suggestions). */
export const entityQueryKey = (entity: Entity) => ['crud', entity.resource] as const;

function translate(t: TFunction, message: ValidationMessage): string {
  return validationText(t, message.key, message.params);
}

type Problem =
  | { kind: 'conflict' }
  | { kind: 'duplicate' }
  | { kind: 'messages'; messages: string[] }
  | { kind: 'failure'; text: string; detail?: string | null; saving?: boolean };

/**
 * The record dialog of a CrudPage: create, edit, clone (create pre-filled) with a form generated from the
 * entity's fields and checked by the server's own zod schema, or a read-only preview.
 */
/** The form-only field confirming a password field (typed twice). */
const confirmationName = (name: string) => `${name}Confirmation`;

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
  const tabs = props.formTabs;
  const [activeTab, setActiveTab] = useState(tabs?.[0]?.key);
  const [tabErrors, setTabErrors] = useState<ReadonlySet<string>>(new Set());
  /** The tab a field is on (fields no tab names are on the first), null without tabs. */
  const tabOf = (name: string): string | null =>
    !tabs ? null : (tabs.find((tab) => tab.fields.includes(name)) ?? tabs[0]).key;
  const schema = mode === 'edit' ? entity.schemas.update : entity.schemas.create;
  /** The record an edit changes, for the entity's rules of new values (`check`). */
  const existingRecord = mode === 'edit' ? (record ?? undefined) : undefined;
  const names = useMemo(() => formFieldNames(entity), [entity]);
  const { createValues } = props;
  const initialValues = useMemo(() => {
    if (mode !== 'create') return recordToFormValues(entity, record);
    const defaults = recordToFormValues(entity, null);
    for (const [name, value] of Object.entries(createValues ?? {}))
      if (entity.fields[name]) defaults[name] = toFormValue(entity.fields[name], value);
    return defaults;
  }, [entity, mode, record, createValues]);

  useEffect(() => {
    if (!readOnly) form.setFieldsValue(initialValues);
  }, [form, initialValues, readOnly]);

  /** Shows errors on their fields; `openFailedTab` only on submit: while the user types, the tab stays. */
  const showErrors = (errors: FormErrors, openFailedTab = true) => {
    form.setFields(
      names.map((name) => ({ name, errors: (errors.fields[name] ?? []).map((item) => translate(t, item)) })),
    );
    // An error on a field of another tab would go unseen: that tab opens, and every tab with errors is marked.
    const failed = names.filter((name) => (errors.fields[name] ?? []).length > 0);
    setTabErrors(new Set(failed.map(tabOf).filter((key): key is string => key !== null)));
    const firstTab = failed.map(tabOf).find((key) => key !== null);
    if (openFailedTab && firstTab && !failed.some((name) => tabOf(name) === activeTab))
      setActiveTab(firstTab);
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

  const { action } = props;
  const confirmWarning = props.confirmWarning ?? action?.confirmWarning;
  /** Sends the input; a warning the user confirms sends it again with what the confirmation adds. */
  const send = async (
    request: (input: Record<string, unknown>) => Promise<Row>,
    input: Record<string, unknown>,
  ): Promise<Row> => {
    try {
      return await request(input);
    } catch (error) {
      const confirmed = error instanceof ApiError ? confirmWarning?.(error, input) : null;
      if (!confirmed) throw error;
      const more = await confirmed;
      if (!more) throw new WarningDeclined();
      return send(request, { ...input, ...more });
    }
  };
  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      mode === 'edit'
        ? send(
            (body) =>
              api.put<Row>(`/${entity.resource}/${record!.id}`, body, {
                silent: true,
                query: props.apiQuery,
              }),
            input,
          )
        : send(
            (body) =>
              api.post<Row>(action ? action.path : `/${entity.resource}`, body, {
                silent: true,
                query: props.apiQuery,
              }),
            input,
          ),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      message.success(action ? action.successText : t(mode === 'edit' ? 'crud.saved' : 'crud.created'));
      action?.onDone?.(saved);
      onClose();
    },
    onError: (error) => {
      // The user cancelled a warning: the form stays as it was, without a message.
      if (error instanceof WarningDeclined) return;
      if (!(error instanceof ApiError)) {
        // No answer (offline, server down): nothing was saved and the form keeps what the user entered.
        setProblem({
          kind: 'failure',
          saving: true,
          text:
            error instanceof NetworkError ? t('crud.errors.offline') : apiErrorText(error as NetworkError, t),
        });
        return;
      }
      if (error.code === 'VALIDATION') showErrors(detailsToFormErrors(error.body?.details, entity));
      else if (error.code === 'CONFLICT') setProblem({ kind: 'conflict' });
      else if (error.code === 'DATA_INTEGRITY') {
        const unique = names.filter((name) => entity.fields[name].unique);
        if (unique.length === 1) form.setFields([{ name: unique[0], errors: [t('crud.errors.duplicate')] }]);
        setProblem({ kind: 'duplicate' });
      } else {
        // The server's English message only where the app has no words for the code (no mixed languages).
        const { description } = apiErrorContent(error, t);
        setProblem({
          kind: 'failure',
          saving: true,
          text: apiErrorText(error, t),
          detail: description ? error.serverMessage : null,
        });
        // A dead session or a lost role: the list reloads, and its failure logs the user out as everywhere.
        if (error.status === 401 || error.status === 403)
          void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      }
    },
  });

  const submit = async () => {
    setChecked(true);
    const input = currentInput();
    const errors = validateInput(schema, input, entity, existingRecord);
    showErrors(errors);
    // Every new password is typed twice: the confirmation is the form's own, never sent.
    const unconfirmed = names.filter(
      (name) =>
        entity.fields[name].kind === 'password' &&
        input[name] &&
        form.getFieldValue(confirmationName(name)) !== input[name],
    );
    form.setFields(
      names
        .filter((name) => entity.fields[name].kind === 'password')
        .map((name) => ({
          name: confirmationName(name),
          errors: unconfirmed.includes(name) ? [t('validation.passwordMatch')] : [],
        })),
    );
    if (hasErrors(errors) || unconfirmed.length > 0) return;
    if (!action?.extraInput) return save.mutate(input);
    // The extra parts' own rules (a companion's required name); their errors show at their inputs.
    const failed = await form
      .validateFields()
      .then(() => false)
      .catch((error: { errorFields?: Array<{ name: unknown[] }> }) =>
        (error.errorFields ?? []).some((field) => !names.includes(String(field.name[0]))),
      );
    if (!failed) save.mutate({ ...input, ...action.extraInput(form.getFieldsValue(true)) });
  };

  const reload = useMutation({
    mutationFn: () =>
      api.get<Row>(`/${entity.resource}/${record!.id}`, { silent: true, query: props.apiQuery }),
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
        {field.kind === 'password' && !custom && (
          <Form.Item name={confirmationName(name)} label={t('crud.passwordConfirmation')}>
            <Input.Password
              autoComplete="new-password"
              disabled={save.isPending}
              data-testid={`${name}-confirmation`}
            />
          </Form.Item>
        )}
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

  const inTabs = new Set(tabs?.flatMap((tab) => tab.fields) ?? []);
  const sections = props.formSections;
  const inSections = new Set(sections?.flatMap((section) => section.fields) ?? []);
  const formBody =
    sections && !tabs ? (
      sections.map((section, index) => (
        <div key={section.key} data-testid={`form-section-${section.key}`}>
          <Divider titlePlacement="start" className="crud-section">
            {section.title}
          </Divider>
          <GridRow gutter={16}>
            {[
              ...section.fields.filter((name) => names.includes(name)),
              ...(index === 0 ? names.filter((name) => !inSections.has(name)) : []),
            ].map(formItem)}
            {section.extra !== undefined && <Col span={24}>{section.extra}</Col>}
          </GridRow>
        </div>
      ))
    ) : tabs ? (
      <Tabs
        activeKey={activeTab}
        onChange={setActiveTab}
        items={tabs.map((tab, index) => ({
          key: tab.key,
          label: tabErrors.has(tab.key) ? (
            <Badge dot offset={[6, 0]} data-testid={`tab-error-${tab.key}`}>
              {tab.title}
            </Badge>
          ) : (
            tab.title
          ),
          forceRender: true,
          children: (
            <GridRow gutter={16}>
              {[
                // In the tab's order; the first tab also takes the fields no tab names.
                ...tab.fields.filter((name) => names.includes(name)),
                ...(index === 0 ? names.filter((name) => !inTabs.has(name)) : []),
              ].map(formItem)}
              {tab.extra !== undefined && <Col span={24}>{tab.extra}</Col>}
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
        onClick={() => void submit()}
        disabled={problem?.kind === 'conflict'}
      >
        {action ? action.submitText : t(mode === 'edit' ? 'crud.save' : 'crud.createButton')}
      </Button>
    </Space>
  );

  return (
    <GuardedModal
      title={action ? action.title : t(titleKey, { entity: entityOne(t, entity) })}
      isDirty={() => !readOnly && form.isFieldsTouched()}
      onClose={onClose}
      footer={footer}
      width={props.dialogWidth ?? 760}
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
            if (checked) showErrors(validateInput(schema, currentInput(), entity, existingRecord), false);
          }}
          onFinish={() => void submit()}
          className="crud-form"
        >
          {props.formWarning && (
            <Form.Item noStyle shouldUpdate>
              {() => props.formWarning!(currentInput())}
            </Form.Item>
          )}
          {formBody}
          {props.extra}
          <button type="submit" hidden aria-hidden />
        </Form>
      )}
    </GuardedModal>
  );
}

/** The user cancelled a warning of the action: nothing was saved, nothing to report. */
class WarningDeclined extends Error {}

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
      return (
        <FailureAlert
          failure={problem}
          title={problem.saving ? t('crud.errors.saveFailed') : undefined}
          className="crud-alert"
        />
      );
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
