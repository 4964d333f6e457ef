import { App, Form, Select, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { logisticsTransport, logisticsWorkflowOperation } from '@strazce/contract';
import type { ApiError } from '../../lib/api';
import { CrudPage } from '../../components/crud/CrudPage';
import { fieldLabel } from '../../components/crud/labels';
import type { FormItemContext, FormTab } from '../../components/crud/types';
import { ask } from './confirm';
import { takenElsewhere, workflowLocks, type AttributeSet, type WorkflowRuleValues } from './workflowRules';
import './logisticsRefs';
import './logistics.css';

const entity = logisticsWorkflowOperation;

/** The values of the attribute rules, as the open form holds them now. */
function useRuleValues(): WorkflowRuleValues {
  const form = Form.useFormInstance();
  return {
    withoutEditor: Form.useWatch('withoutEditor', form) as boolean | null,
    compulsoryAttributes: Form.useWatch('compulsoryAttributes', form) as string[] | null,
    lockedAttributes: Form.useWatch('lockedAttributes', form) as string[] | null,
    automaticAttributes: Form.useWatch('automaticAttributes', form) as string[] | null,
  };
}

/** Why the control is disabled, under it (the rule's message), or nothing. */
function LockReason({ reason, testId }: { reason: string | null; testId: string }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <Typography.Text type="secondary" className="logistics-lock-reason" data-testid={testId}>
      {t(reason)}
    </Typography.Text>
  );
}

interface ControlProps {
  context: FormItemContext;
  id?: string;
  value?: unknown;
  onChange?(value: unknown): void;
}

/** 'Přechod bez editoru': cannot be switched on while locked or compulsory attributes are set. */
function WithoutEditorSwitch({ context, id, value, onChange }: ControlProps) {
  const reason = workflowLocks(useRuleValues()).withoutEditor;
  return (
    <div>
      <Switch
        id={id}
        checked={Boolean(value)}
        onChange={onChange}
        disabled={context.disabled || reason !== null}
        data-testid="logistics-without-editor"
      />
      <LockReason reason={reason} testId="logistics-without-editor-locked" />
    </div>
  );
}

/**
 * A set of transport attributes (compulsory, locked or automatic), named as the transport's fields; an attribute
 * another set has is not offered, and the compulsory and locked sets cannot change while 'Přechod bez editoru'
 * is on.
 */
function AttributeSetInput({ context, set, id, value, onChange }: ControlProps & { set: AttributeSet }) {
  const { t } = useTranslation();
  const values = useRuleValues();
  const reason = set === 'automaticAttributes' ? null : workflowLocks(values)[set];
  const taken = takenElsewhere(values, set);
  return (
    <div>
      <Select
        id={id}
        mode="multiple"
        allowClear
        value={(value as string[] | null) ?? []}
        onChange={onChange}
        disabled={context.disabled || reason !== null}
        placeholder={t('crud.choose')}
        optionFilterProp="label"
        data-testid={`logistics-${set}`}
        options={(entity.fields[set].values ?? []).map((name) => ({
          value: name,
          label: fieldLabel(t, logisticsTransport, name),
          disabled: taken.has(name),
        }))}
      />
      <LockReason reason={reason} testId={`logistics-${set}-locked`} />
    </div>
  );
}

const attributeInput = (set: AttributeSet) => (context: FormItemContext) => (
  <AttributeSetInput context={context} set={set} />
);

function formTabs(t: TFunction): FormTab[] {
  return [
    {
      key: 'operation',
      title: t('logistics.workflow.tab.operation'),
      fields: ['name', 'startStatus', 'endStatus', 'roles', 'requireConfirmation', 'active', 'color'],
    },
    {
      key: 'attributes',
      title: t('logistics.workflow.tab.attributes'),
      fields: ['withoutEditor', 'compulsoryAttributes', 'lockedAttributes', 'automaticAttributes'],
    },
    {
      key: 'notifications',
      title: t('logistics.workflow.tab.notifications'),
      fields: ['notificationEmails', 'persons', 'teams'],
    },
  ];
}

/**
 * /logistics/operations: the workflow operations that move a transport from a start status to an end status,
 * offered to their roles, with the transport attributes their editor requires, locks or sets itself, and whom
 * they notify. A second operation of the same name and start status is a duplicate the server warns of: the
 * user may save it all the same.
 */
export default function WorkflowOperationsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const confirmDuplicate = (error: ApiError) =>
    error.code !== 'LOGISTICS_DUPLICATE'
      ? null
      : ask(modal, {
          title: t('apiError_LOGISTICS_DUPLICATE'),
          content: t('logistics.workflow.duplicate'),
          okText: t('logistics.workflow.duplicateContinue'),
          cancelText: t('crud.cancel'),
          okTestId: 'logistics-duplicate-continue',
        }).then((yes) => (yes ? { force: true } : null));
  return (
    <CrudPage
      entity={entity}
      formTabs={formTabs(t)}
      formItems={{
        withoutEditor: (context) => <WithoutEditorSwitch context={context} />,
        compulsoryAttributes: attributeInput('compulsoryAttributes'),
        lockedAttributes: attributeInput('lockedAttributes'),
        automaticAttributes: attributeInput('automaticAttributes'),
      }}
      confirmWarning={confirmDuplicate}
      dialogWidth={820}
    />
  );
}
