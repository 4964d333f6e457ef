import { useMemo, useState } from 'react';
import { Alert, App, Button, Col, Divider, Form, Modal, Radio, Row as GridRow, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adviceEquipmentExtension, checkAdvice, type Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';
import { toWireDate } from '../../app/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { FieldInput } from '../../components/crud/FieldInput';
import { entityOne, fieldLabel } from '../../components/crud/labels';
import { formValuesToInput, recordToFormValues, type Row } from '../../components/crud/fieldWire';
import {
  detailsToFormErrors,
  issuesToFormErrors,
  type FormErrors,
  type ValidationMessage,
} from '../../components/crud/validation';
import { PairList, pairRows } from '../visits/PairList';

type DateMode = 'oneTime' | 'multiple';

interface AdviceDialogProps {
  /** `visitAdviceRequest` (the requester's own) or `visitAdvice` (the manager). */
  entity: Entity;
  /** Create (no record), edit, or clone (a new advice filled from the record). */
  mode: 'create' | 'edit' | 'clone';
  record: Row | null;
  onClose(): void;
}

/**
 * The advice form: category, a one-time date or a multiple-entry range (exactly one, with a message per
 * case), the reason, visitor and visited details, an allowed vehicle with plate and reason, and equipment.
 */
export function AdviceDialog({ entity, mode: dialogMode, record, onClose }: AdviceDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const editing = dialogMode === 'edit' && record !== null;
  const [mode, setMode] = useState<DateMode>(record?.validFrom || record?.validTo ? 'multiple' : 'oneTime');
  const [problem, setProblem] = useState<{ text: string; detail?: string | null } | null>(null);
  // After the first attempt to send, every change is checked again so fixed fields lose their message.
  const [checked, setChecked] = useState(false);
  const allowVehicle = Form.useWatch('allowVehicle', form) as boolean | undefined;
  const schema = useMemo(
    () =>
      ((editing ? entity.schemas.update : entity.schemas.create) as unknown as z.ZodObject).extend(
        adviceEquipmentExtension,
      ),
    [entity, editing],
  );
  const initialValues = useMemo(() => {
    const values = recordToFormValues(entity, record);
    values.equipment = ((record?.equipment as Row[] | undefined) ?? []).map(({ object, serialNumber }) => ({
      object,
      serialNumber,
    }));
    return values;
  }, [entity, record]);
  const names = useMemo(() => entity.fieldNames.filter((name) => !entity.fields[name].readOnly), [entity]);

  const translate = (item: ValidationMessage) =>
    t(item.key, { ...item.params, defaultValue: t('validation.invalid') });
  const showErrors = (errors: FormErrors) => {
    form.setFields(names.map((name) => ({ name, errors: (errors.fields[name] ?? []).map(translate) })));
    setProblem(errors.form.length > 0 ? { text: errors.form.map(translate).join(' ') } : null);
  };

  const buildInput = () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const input = formValuesToInput(entity, values, editing ? 'edit' : 'create', record?.version);
    if (mode === 'oneTime') Object.assign(input, { validFrom: null, validTo: null });
    else input.oneTimeDate = null;
    if (!input.allowVehicle) Object.assign(input, { vehiclePlate: null, vehicleReason: null });
    input.equipment = pairRows(values.equipment as Array<Record<'object' | 'serialNumber', unknown>>, [
      'object',
      'serialNumber',
    ]);
    return input;
  };

  const validate = (input: Record<string, unknown>): FormErrors => {
    const result = schema.safeParse(input);
    const errors = result.success
      ? { fields: {}, form: [] }
      : issuesToFormErrors(
          result.error.issues.filter((issue) => issue.path[0] !== 'equipment'),
          input,
          entity,
        );
    const today = editing ? undefined : (toWireDate(new Date()) ?? undefined);
    for (const detail of checkAdvice(input as Parameters<typeof checkAdvice>[0], today)) {
      const list = (errors.fields[detail.path] ??= []);
      if (!list.some((item) => item.key === detail.message)) list.push({ key: detail.message });
    }
    return errors;
  };

  const save = useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      editing
        ? api.put<Row>(`/${entity.resource}/${record!.id}`, input, { silent: true })
        : api.post<Row>(`/${entity.resource}`, input, { silent: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['crud', 'visit/advice'] });
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) });
      message.success(t(editing ? 'crud.saved' : 'advice.requested'));
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'VALIDATION') {
        showErrors(detailsToFormErrors(error.body?.details, entity));
        return;
      }
      setProblem({
        text: apiErrorText(error as ApiError | NetworkError, t),
        detail: error instanceof ApiError ? error.serverMessage : null,
      });
    },
  });

  const submit = async () => {
    setChecked(true);
    const rowsValid = await form.validateFields().then(
      () => true,
      () => false,
    );
    const input = buildInput();
    const errors = validate(input);
    showErrors(errors);
    if (rowsValid && Object.keys(errors.fields).length === 0 && errors.form.length === 0) save.mutate(input);
  };

  const busy = save.isPending;
  const item = (name: string, span = 12) => (
    <Col xs={24} md={span} key={name}>
      <Form.Item
        name={name}
        label={fieldLabel(t, entity, name)}
        required={entity.fields[name].required && entity.fields[name].kind !== 'bool'}
      >
        <FieldInput
          entity={entity}
          name={name}
          mode={editing ? 'edit' : 'create'}
          record={record}
          disabled={busy}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open
      title={t(editing ? 'crud.dialog.edit' : 'advice.new', { entity: entityOne(t, entity) })}
      data-testid="advice-dialog"
      width={880}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      className="visits-dialog"
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('crud.cancel')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="advice-submit">
            {t(editing ? 'crud.save' : 'advice.submit')}
          </Button>
        </Space>
      }
    >
      {problem && (
        <Alert
          type="error"
          showIcon
          className="visits-alert"
          title={problem.text}
          description={problem.detail ? <i>{problem.detail}</i> : undefined}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        requiredMark
        className="visits-form"
        data-testid="advice-form"
        onValuesChange={() => {
          if (checked) showErrors(validate(buildInput()));
        }}
      >
        <GridRow gutter={16}>
          {item('category', 12)}
          <Col xs={24} md={12}>
            <Form.Item label={t('advice.dateMode.label')} required>
              <Radio.Group
                value={mode}
                onChange={(event) => {
                  setMode(event.target.value as DateMode);
                  form.setFields(
                    ['oneTimeDate', 'validFrom', 'validTo'].map((name) => ({ name, errors: [] })),
                  );
                }}
                optionType="button"
                buttonStyle="solid"
                disabled={busy}
                options={[
                  { value: 'oneTime', label: t('advice.dateMode.oneTime') },
                  { value: 'multiple', label: t('advice.dateMode.multiple') },
                ]}
                data-testid="advice-date-mode"
              />
            </Form.Item>
          </Col>
          {mode === 'oneTime' ? item('oneTimeDate', 12) : [item('validFrom', 6), item('validTo', 6)]}
          {item('reason', 24)}
        </GridRow>
        <Divider titlePlacement="start" className="visits-section">
          {t('advice.section.visitor')}
        </Divider>
        <GridRow gutter={16}>
          {item('lastName', 8)}
          {item('firstName', 8)}
          {item('company', 8)}
          {item('documentType', 8)}
          {item('documentNumber', 8)}
          {item('email', 8)}
        </GridRow>
        <Divider titlePlacement="start" className="visits-section">
          {t('advice.section.visited')}
        </Divider>
        <GridRow gutter={16}>
          {item('visitedFirstName', 8)}
          {item('visitedLastName', 8)}
          {item('visitedCompany', 8)}
        </GridRow>
        <Divider titlePlacement="start" className="visits-section">
          {t('advice.section.vehicle')}
        </Divider>
        <GridRow gutter={16}>
          {item('allowVehicle', 6)}
          {allowVehicle && [item('vehiclePlate', 6), item('vehicleReason', 12)]}
        </GridRow>
        <Divider titlePlacement="start" className="visits-section">
          {t('visits.form.equipment')}
        </Divider>
        <PairList
          name="equipment"
          columns={[
            { name: 'object', label: t('visits.form.equipmentObject'), max: 200, required: true },
            { name: 'serialNumber', label: t('visits.form.equipmentSerial'), max: 100 },
          ]}
          addLabel={t('visits.form.addEquipment')}
          emptyText={t('visits.form.noEquipment')}
          disabled={busy}
        />
      </Form>
    </Modal>
  );
}
