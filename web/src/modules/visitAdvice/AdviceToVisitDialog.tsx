import { useMemo, useState } from 'react';
import { CarOutlined, FileDoneOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Col, Empty, Form, Input, Row as GridRow, Spin, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visit, visitAdvice, type RefValue } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { toWireDate } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { RefSelect } from '../../components/crud/RefSelect';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { GateSelect } from '../../components/gate/GatePicker';
import type { GateOption } from '../../components/gate/gates';
import type { GuardGate } from '../../components/gate/guardGate';
import { confirmEntryWarning, isEntryWarning } from '../../components/gate/warnings';
import { useDebounced } from '../../lib/useDebounced';
import { searchText, useStableOrder } from '../../components/stableOrder';
import { AdviceDays } from './adviceCells';

/** May an advice be turned into a visit today (as the server decides): approved, today within its days, unused. */
export function usableToday(advice: Row, today: string): boolean {
  if (advice.status !== 'APPROVED' || advice.oneTimeClosed) return false;
  if (advice.oneTimeDate) return advice.oneTimeDate === today;
  return (
    !!advice.validFrom &&
    !!advice.validTo &&
    String(advice.validFrom) <= today &&
    today <= String(advice.validTo)
  );
}

/** Approved advices usable today whose visitor's last name contains the text. */
function useTodaysAdvices(text: string, enabled: boolean) {
  const term = useDebounced(text, 250);
  const today = toWireDate(new Date())!;
  return useQuery({
    queryKey: [...entityQueryKey(visitAdvice), 'today', today, term],
    queryFn: async ({ signal }) => {
      const { rows } = await api.list<Row>(
        '/visit/advice',
        {
          page: 1,
          size: 50,
          sort: 'lastName,asc',
          status: 'APPROVED',
          oneTimeClosed: 'false',
          activeUntilFrom: today,
          lastName: term || undefined,
        },
        { signal },
      );
      return rows.filter((row) => usableToday(row, today));
    },
    enabled,
    // The options stay while a new search term loads: they must not vanish under the pointer.
    placeholderData: keepPreviousData,
  });
}

interface AdviceToVisitDialogProps {
  /** The advice to turn into a visit; without one the guard picks from today's approved advices. */
  advice: Row | null;
  gate: GuardGate | null;
  gates: GateOption[];
  onClose(): void;
}

/**
 * An approved advice becomes an entry at the gate in one action: the visitor's details come from the
 * advice; the guard adds the purpose and, when handed out, the card and the parking place.
 */
export function AdviceToVisitDialog({ advice, gate, gates, onClose }: AdviceToVisitDialogProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [chosen, setChosen] = useState<Row | null>(advice);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const advices = useTodaysAdvices(search, advice === null);
  // Narrowed at once to the typed text (as the server narrows them), in places that do not move: a click
  // on an advice is never lost to the list being replaced.
  const typed = searchText(search);
  const matching = useMemo(
    () => (advices.data ?? []).filter((row) => searchText(row.lastName).includes(typed)),
    [advices.data, typed],
  );
  const offered = useStableOrder(matching, (row) => row.id);

  const create = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const path = `/visit/advice/${chosen!.id}/visit`;
      try {
        return await api.post<Row>(path, body, { silent: true });
      } catch (error) {
        if (!isEntryWarning(error)) throw error;
        const name = [chosen?.firstName, chosen?.lastName].filter(Boolean).join(' ');
        const confirmed = await confirmEntryWarning(modal, t, error, name);
        if (!confirmed) throw error;
        return api.post<Row>(path, { ...body, ...confirmed }, { silent: true });
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(visit) });
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(visitAdvice) });
      message.success(t('advice.toVisit.done'));
      onClose();
    },
    onError: (error) => {
      if (isEntryWarning(error)) return;
      if (error instanceof ApiError && error.code === 'CARD_NOT_FOUND') {
        form.setFields([{ name: 'tag', errors: [t('apiError_CARD_NOT_FOUND')] }]);
        return;
      }
      if (error instanceof ApiError && error.code === 'VALIDATION') {
        for (const detail of error.body?.details ?? []) {
          const name = detail.path.split('.').pop() ?? '';
          if (['gate', 'purpose', 'tag', 'parkingPlace'].includes(name))
            form.setFields([
              { name, errors: [t(detail.message, { defaultValue: t('validation.invalid') })] },
            ]);
        }
        return;
      }
      setProblem({ text: apiErrorText(error as ApiError | NetworkError, t) });
    },
  });

  const submit = async () => {
    setProblem(null);
    const values = await form.validateFields().catch(() => null);
    if (!values || !chosen) return;
    create.mutate({
      gate: values.gate,
      purpose: values.purpose,
      tag: values.tag?.trim() || null,
      parkingPlace: values.parkingPlace?.trim() || null,
    });
  };

  const required = [{ required: true, message: t('validation.required') }];
  const equipment = (chosen?.equipment as Row[] | undefined) ?? [];

  return (
    <ActionDialog
      icon={<FileDoneOutlined />}
      title={t('advice.toVisit.title')}
      width={720}
      busy={create.isPending}
      submitText={t('advice.toVisit.submit')}
      submitDisabled={!chosen}
      submitTestId="advice-visit-submit"
      onSubmit={() => void submit()}
      form={form}
      isDirty={() => form.isFieldsTouched() || (advice === null && chosen !== null)}
      onClose={onClose}
      problem={problem}
    >
      {advice === null && (
        <div className="advice-pick">
          <Input
            prefix={<SearchOutlined />}
            allowClear
            placeholder={t('advice.toVisit.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoFocus
            data-testid="advice-search"
          />
          <div className="advice-pick-list" role="listbox" aria-label={t('advice.toVisit.today')}>
            {advices.isLoading ? (
              <Spin />
            ) : offered.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('advice.toVisit.none')} />
            ) : (
              offered.map((row) => (
                <button
                  type="button"
                  key={row.id}
                  role="option"
                  aria-selected={chosen?.id === row.id}
                  className={
                    chosen?.id === row.id ? 'advice-pick-item advice-pick-chosen' : 'advice-pick-item'
                  }
                  onClick={() => setChosen(row)}
                  data-testid="advice-option"
                >
                  <span className="advice-pick-name">
                    {String(row.lastName)} {String(row.firstName)}
                    {row.company ? (
                      <span className="advice-pick-company"> · {String(row.company)}</span>
                    ) : null}
                  </span>
                  <span className="advice-pick-meta">
                    <AdviceDays record={row} />
                    {row.visitedLastName ? (
                      <span>→ {[row.visitedFirstName, row.visitedLastName].filter(Boolean).join(' ')}</span>
                    ) : null}
                  </span>
                </button>
              ))
            )}
          </div>
        </div>
      )}
      {chosen && (
        <div className="advice-chosen" data-testid="advice-chosen">
          <Typography.Text strong className="advice-chosen-name">
            {String(chosen.firstName)} {String(chosen.lastName)}
          </Typography.Text>
          {chosen.company ? (
            <Typography.Text type="secondary"> · {String(chosen.company)}</Typography.Text>
          ) : null}
          <div className="advice-chosen-meta">
            <Tag variant="filled">{(chosen.category as RefValue | null)?.label}</Tag>
            <AdviceDays record={chosen} />
            {chosen.allowVehicle && chosen.vehiclePlate ? (
              <Tag icon={<CarOutlined />} variant="filled">
                {String(chosen.vehiclePlate)}
              </Tag>
            ) : null}
            {equipment.length > 0 && (
              <Typography.Text type="secondary">
                {t('visits.equipmentCount', { count: equipment.length })}
              </Typography.Text>
            )}
          </div>
          <Typography.Paragraph type="secondary" className="advice-chosen-reason" ellipsis={{ rows: 2 }}>
            {String(chosen.reason ?? '')}
          </Typography.Paragraph>
        </div>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ gate: gate?.id ?? null }}
        requiredMark
        className="visits-form"
      >
        <GridRow gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="gate" label={fieldLabel(t, visit, 'gate')} rules={required}>
              <GateSelect gates={gates} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="purpose" label={fieldLabel(t, visit, 'purpose')} rules={required}>
              <RefSelect resource="visit/purpose" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tag" label={fieldLabel(t, visit, 'tag')}>
              <Input autoComplete="off" maxLength={50} data-testid="advice-visit-tag" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="parkingPlace" label={fieldLabel(t, visit, 'parkingPlace')}>
              <Input autoComplete="off" maxLength={50} />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
    </ActionDialog>
  );
}
