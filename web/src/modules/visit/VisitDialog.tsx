import './visitRefs';
import { useMemo, useState } from 'react';
import { InfoCircleOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { Alert, App, Col, Form, Input, Row as GridRow, Space, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { VISIT_PERSONAL_FIELDS, visit, visitInputExtension, type RefValue } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { useAccess } from '../../lib/session';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { RefSelect } from '../../components/crud/RefSelect';
import { formValuesToInput, recordToFormValues, type Row } from '../../components/crud/fieldWire';
import { detailsToFormErrors, issuesToFormErrors, type FormErrors } from '../../components/crud/validation';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import {
  CompanionFields,
  EquipmentFields,
  companionFormRows,
  companionInput,
  equipmentFormRows,
  equipmentInput,
} from '../../components/gate/EquipmentFields';
import type { GuardGate } from '../../components/gate/guardGate';
import { NameSearch, type VisitorName } from './NameSearch';
import { FormSection, VisitedFields, VisitorFields, useFieldItem } from '../../components/gate/VisitorFields';
import { IdDocumentButton } from '../../components/gate/IdDocumentButton';
import { useFormErrors } from '../../components/useFormErrors';
import { confirmEntryWarning, isEntryWarning } from '../../components/gate/warnings';
import { isMasked } from '../../components/gate/visitCells';
import { WithheldDocument, useDocumentReveal, withDocuments } from '../../components/gate/documentReveal';

/** What the dialog records: an entry, an untraced departure, or changes of a recorded movement. */
export type VisitDialogKind = 'entry' | 'departure' | 'edit';

interface VisitDialogProps {
  kind: VisitDialogKind;
  /** The movement being edited. */
  record?: Row | null;
  /** The guard's gate: where an entry or departure happens. */
  gate: GuardGate | null;
  onClose(): void;
  onSaved?(record: Row): void;
}

const PERSONAL = new Set<string>(VISIT_PERSONAL_FIELDS);
const createSchema = (visit.schemas.create as unknown as z.ZodObject).extend(visitInputExtension);
const updateSchema = (visit.schemas.update as unknown as z.ZodObject).extend(visitInputExtension);

type Problem = DialogProblem & { conflict?: boolean };

/** What a read identity document fills in: the visitor's names and document. */
const VISITOR_DOCUMENT_FIELDS = {
  firstName: 'firstName',
  lastName: 'lastName',
  documentType: 'documentType',
  documentNumber: 'documentNumber',
};

/**
 * The entry dialog ('Zapsat vstup'), the untraced departure ('Zapsat neevidovaný odchod') and the edit of a
 * movement: visitor (with the name autocomplete filling the form from the last visit), document, visited
 * person, purpose, card, vehicle, note, companions and equipment. The server's in-area and blacklist
 * warnings ask whether to continue (each blacklist hit confirmed by name), and then the entry is sent again
 * with what the guard confirmed.
 */
export function VisitDialog({ kind, record, gate, onClose, onSaved }: VisitDialogProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const seesPersonal = can(['VIEW_PERSONAL_INFO']);
  const editing = kind === 'edit';
  // Personal values came masked: they are shown as such and never sent back. Document numbers a site
  // withholds are shown on request (logged), and can then be edited.
  const documents = useDocumentReveal('visit', editing ? (record ?? null) : null);
  const shown = documents.record;
  const maskedFields = useMemo(
    () => new Set(editing && shown ? [...PERSONAL].filter((name) => isMasked(shown[name])) : []),
    [editing, shown],
  );
  const companionsMasked =
    editing &&
    ((shown?.companions as Row[] | undefined) ?? []).some(
      (row) => isMasked(row.name) || isMasked(row.document),
    );
  const revealDocuments = async () => {
    const revealed = withDocuments(record as Row, await documents.reveal());
    form.setFieldsValue({
      documentNumber: revealed.documentNumber,
      companions: companionFormRows(revealed),
    });
  };
  const withheldControl = documents.withheld
    ? (name: string) =>
        name === 'documentNumber' ? (
          <WithheldDocument pending={documents.pending} onShow={revealDocuments} />
        ) : undefined
    : undefined;
  // Labels of the references filled in (from the record, or from the visitor's last visit).
  const [known, setKnown] = useState<Row | null>(record ?? null);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const version = record?.version;

  const initialValues = useMemo(() => {
    const values = recordToFormValues(visit, editing ? (record ?? null) : null);
    values.companions = editing ? companionFormRows(record) : [];
    values.equipment = editing ? equipmentFormRows(record) : [];
    return values;
  }, [editing, record]);

  const { show: showErrors, check } = useFormErrors(form, visitFieldNames, setProblem);

  /** The request body: the visit's fields, the gate of the guard, companions and equipment. */
  const buildInput = (): Record<string, unknown> => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const input = formValuesToInput(visit, values, editing ? 'edit' : 'create', version);
    for (const name of maskedFields) delete input[name];
    if (!editing) {
      input.gate = gate?.id ?? null;
      if (!input.movementTime) delete input.movementTime;
    }
    if (!companionsMasked) input.companions = companionInput(values);
    input.equipment = equipmentInput(values);
    return input;
  };

  /** Checks with the server's schema; names are required for a new movement (the server says so too). */
  const validate = (input: Record<string, unknown>): FormErrors => {
    const result = (editing ? updateSchema : createSchema).safeParse(input);
    const errors = result.success
      ? { fields: {}, form: [] }
      : issuesToFormErrors(
          result.error.issues.filter((issue) => !['companions', 'equipment'].includes(String(issue.path[0]))),
          input,
          visit,
        );
    if (!editing)
      for (const name of ['firstName', 'lastName'])
        if (!input[name]) errors.fields[name] = [{ key: 'validation.required' }];
    return errors;
  };

  const save = useMutation({
    mutationFn: async (input: Record<string, unknown>): Promise<Row> => {
      const path = editing ? `/visit/${record!.id}` : kind === 'departure' ? '/visit/departure' : '/visit';
      const send = (body: Record<string, unknown>) =>
        editing ? api.put<Row>(path, body, { silent: true }) : api.post<Row>(path, body, { silent: true });
      try {
        return await send(input);
      } catch (error) {
        if (!isEntryWarning(error)) throw error;
        const name = [input.firstName, input.lastName].filter(Boolean).join(' ');
        const confirmed = await confirmEntryWarning(modal, t, error, name);
        if (!confirmed) throw error;
        return send({ ...input, ...confirmed });
      }
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(visit) });
      message.success(
        t(editing ? 'crud.saved' : kind === 'entry' ? 'visits.entry.done' : 'visits.departure.done'),
      );
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => {
      if (isEntryWarning(error)) return; // The guard chose not to continue.
      if (!(error instanceof ApiError)) {
        setProblem({ text: apiErrorText(error as NetworkError, t) });
        return;
      }
      if (error.code === 'CARD_NOT_FOUND') {
        form.setFields([{ name: 'tag', errors: [t('apiError_CARD_NOT_FOUND')] }]);
        return;
      }
      if (error.code === 'VALIDATION') {
        showErrors(detailsToFormErrors(error.body?.details, visit));
        return;
      }
      setProblem({
        text: error.code === 'CONFLICT' ? t('crud.errors.conflict') : apiErrorText(error, t),
        detail: error.code === 'CONFLICT' ? null : error.serverMessage,
        conflict: error.code === 'CONFLICT',
      });
    },
  });

  const submit = async () => {
    const input = await check(buildInput, validate);
    if (input) save.mutate(input);
  };

  /** A name picked from the autocomplete: names and company, then the rest from the last visit. */
  const pickName = async (name: VisitorName) => {
    form.setFieldsValue({ firstName: name.firstName, lastName: name.lastName, company: name.company });
    if (!name.firstName || !name.lastName) return;
    try {
      const last = await api.get<Row | null>('/visit/lastbyname', {
        query: { firstName: name.firstName, lastName: name.lastName },
        silent: true,
      });
      if (!last) return;
      setKnown(last);
      form.setFieldsValue({
        company: last.company ?? name.company,
        documentType: (last.documentType as RefValue | null)?.id ?? null,
        // A number the site withholds is not copied: the guard types it (or it stays empty).
        documentNumber: isMasked(last.documentNumber) ? null : (last.documentNumber ?? null),
        visited: (last.visited as RefValue | null)?.id ?? null,
        visitedFirstName: last.visitedFirstName ?? null,
        visitedLastName: last.visitedLastName ?? null,
        visitedCompany: last.visitedCompany ?? null,
        purpose: (last.purpose as RefValue | null)?.id ?? null,
        vehiclePlate: last.vehiclePlate ?? null,
      });
      setFilledFrom(formatDateTime(last.movementTime as string));
    } catch {
      // No earlier visit to copy: the guard fills the form.
    }
  };

  /** A visited person chosen from the list fills the visited names and company. */
  const pickVisited = async (id: number | null) => {
    form.setFieldsValue({ visited: id });
    if (id === null) return;
    try {
      const person = await api.get<Row>(`/visit/visited/${id}`, { silent: true });
      form.setFieldsValue({
        visitedFirstName: person.firstName ?? null,
        visitedLastName: person.lastName ?? null,
        visitedCompany: person.company ?? null,
      });
    } catch {
      // The names stay as typed.
    }
  };

  /** A card typed or scanned is checked at once: 'Card does not exist'. */
  const checkCard = async () => {
    const code = String(form.getFieldValue('tag') ?? '').trim();
    if (!code || editing) return;
    try {
      await api.get(`/visit/card/code/${encodeURIComponent(code)}`, { silent: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CARD_NOT_FOUND')
        form.setFields([{ name: 'tag', errors: [t('apiError_CARD_NOT_FOUND')] }]);
    }
  };

  const busy = save.isPending;
  const item = useFieldItem({
    entity: visit,
    mode: editing ? 'edit' : 'create',
    record: known,
    disabled: busy,
    masked: maskedFields,
    maskedControl: withheldControl,
  });
  const nameInput = (name: 'firstName' | 'lastName') => (
    <NameSearch
      enabled={seesPersonal && !editing}
      onPick={(picked) => void pickName(picked)}
      maxLength={100}
      disabled={busy}
      testId={`visit-${name}`}
    />
  );

  const title = editing
    ? t('visits.edit.title')
    : kind === 'entry'
      ? t('visits.entry.title')
      : t('visits.departure.title');
  const okText = editing
    ? t('crud.save')
    : kind === 'entry'
      ? t('visits.entry.submit')
      : t('visits.departure.submit');

  return (
    <ActionDialog
      icon={kind === 'entry' ? <LoginOutlined /> : kind === 'departure' ? <LogoutOutlined /> : undefined}
      title={
        <>
          <span>{title}</span>
          {!editing && gate && (
            <Tag variant="filled" color="processing" className="visits-dialog-gate" data-testid="dialog-gate">
              {t('visits.gate.label', { gate: gate.name })}
            </Tag>
          )}
        </>
      }
      width={920}
      busy={busy}
      submitText={okText}
      submitDisabled={problem?.conflict}
      submitTestId="visit-submit"
      onSubmit={() => void submit()}
      form={form}
      onClose={onClose}
      problem={problem}
      long
    >
      {filledFrom && (
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined />}
          className="visits-alert"
          title={t('visits.form.filledFrom', { time: filledFrom })}
          closable
          onClose={() => setFilledFrom(null)}
        />
      )}
      {kind === 'departure' && (
        <Alert type="warning" showIcon className="visits-alert" title={t('visits.departure.hint')} />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        requiredMark
        onFinish={() => void submit()}
        className="visits-form"
        data-testid="visit-form"
      >
        <VisitorFields
          title={
            <Space size="middle">
              {t('visits.form.visitor')}
              {!editing && <IdDocumentButton fields={VISITOR_DOCUMENT_FIELDS} disabled={busy} />}
            </Space>
          }
          item={item}
          nameControl={nameInput}
          namesRequired={!editing}
          last={item('tag', {
            control: (
              <Input
                autoComplete="off"
                maxLength={50}
                onBlur={() => void checkCard()}
                disabled={busy}
                data-testid="visit-tag"
              />
            ),
            span: 8,
          })}
        />
        <FormSection title={t('visits.form.visit')}>
          {item('purpose', { span: 8, required: true })}
          {item('visited', {
            control: (
              <RefSelect
                resource="visit/visited"
                known={known?.visited ? [known.visited as RefValue] : []}
                onChange={(id) => void pickVisited(id)}
                disabled={busy}
                placeholder={t('visits.form.visitedPick')}
              />
            ),
            span: 16,
          })}
          <VisitedFields item={item} />
          {item('vehiclePlate', { span: 8 })}
          {item('parkingPlace', { span: 8 })}
          {item('movementTime', { span: 8 })}
          {editing && item('gate', { span: 8, required: true })}
          {item('note', { span: 24 })}
        </FormSection>
        <GridRow gutter={24}>
          <Col xs={24} md={12}>
            <CompanionFields masked={companionsMasked} disabled={busy} />
          </Col>
          <Col xs={24} md={12}>
            <EquipmentFields disabled={busy} />
          </Col>
        </GridRow>
        <button type="submit" hidden aria-hidden />
      </Form>
    </ActionDialog>
  );
}

/** Names of the visit fields the dialog shows (errors are set and cleared on these). */
const visitFieldNames = visit.fieldNames.filter((name) => !visit.fields[name].readOnly);
