import { useMemo, useState } from 'react';
import { App, Col, Form, Radio, Row as GridRow } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adviceEquipmentExtension, checkAdvice, pastDateProblems, type Entity } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { toWireDate } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { entityOne } from '../../components/crud/labels';
import { formValuesToInput, recordToFormValues, type Row } from '../../components/crud/fieldWire';
import { detailsToFormErrors, issuesToFormErrors, type FormErrors } from '../../components/crud/validation';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { EquipmentFields, equipmentFormRows, equipmentInput } from '../../components/gate/EquipmentFields';
import { FormSection, VisitedFields, VisitorFields, useFieldItem } from '../../components/gate/VisitorFields';
import { useFormErrors } from '../../components/useFormErrors';

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
  const [problem, setProblem] = useState<DialogProblem | null>(null);
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
    values.equipment = equipmentFormRows(record);
    return values;
  }, [entity, record]);
  const names = useMemo(() => entity.fieldNames.filter((name) => !entity.fields[name].readOnly), [entity]);

  const { show: showErrors, check } = useFormErrors(form, names, setProblem);

  const buildInput = () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const input = formValuesToInput(entity, values, editing ? 'edit' : 'create', record?.version);
    if (mode === 'oneTime') Object.assign(input, { validFrom: null, validTo: null });
    else input.oneTimeDate = null;
    if (!input.allowVehicle) Object.assign(input, { vehiclePlate: null, vehicleReason: null });
    input.equipment = equipmentInput(values);
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
    const problems = [
      ...pastDateProblems(
        entity,
        input,
        toWireDate(new Date())!,
        editing ? (record ?? undefined) : undefined,
      ),
      ...checkAdvice(input as Parameters<typeof checkAdvice>[0]),
    ];
    for (const detail of problems) {
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
    const input = await check(buildInput, validate);
    if (input) save.mutate(input);
  };

  const busy = save.isPending;
  const item = useFieldItem({ entity, mode: editing ? 'edit' : 'create', record, disabled: busy });

  return (
    <ActionDialog
      title={t(editing ? 'crud.dialog.edit' : 'advice.new', { entity: entityOne(t, entity) })}
      width={880}
      busy={busy}
      submitText={t(editing ? 'crud.save' : 'advice.submit')}
      submitTestId="advice-submit"
      onSubmit={() => void submit()}
      form={form}
      onClose={onClose}
      problem={problem}
      long
    >
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
          {item('category')}
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
          {mode === 'oneTime'
            ? item('oneTimeDate')
            : [item('validFrom', { span: 6 }), item('validTo', { span: 6 })]}
          {item('reason', { span: 24 })}
        </GridRow>
        <VisitorFields title={t('advice.section.visitor')} item={item} last={item('email', { span: 8 })} />
        <FormSection title={t('advice.section.visited')}>
          <VisitedFields item={item} />
        </FormSection>
        <FormSection title={t('advice.section.vehicle')}>
          {item('allowVehicle', { span: 6 })}
          {allowVehicle && [item('vehiclePlate', { span: 6 }), item('vehicleReason')]}
        </FormSection>
        <EquipmentFields disabled={busy} />
      </Form>
    </ActionDialog>
  );
}
