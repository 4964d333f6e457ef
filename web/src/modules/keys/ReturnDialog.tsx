import { useState } from 'react';
import { RollbackOutlined } from '@ant-design/icons';
import { App, Descriptions, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { key as keyEntity, keyLend, type RefValue } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { PICKER_FORMATS, formatDateTime, toWireDateTime } from '../../lib/format';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import { fieldLabel } from '../../components/crud/labels';
import type { Row } from '../../components/crud/fieldWire';
import { DatePicker } from '../../components/pickers';
import { ActionDialog, type DialogProblem } from '../../components/ActionDialog';
import { GateSelect } from '../../components/gate/GatePicker';
import type { GateOption } from '../../components/gate/gates';
import type { GuardGate } from '../../components/gate/guardGate';
import { DueCell } from './keyCells';
import { useMinuteClock } from '../../lib/useMinuteClock';
import { NoteField } from '../../components/NoteField';

/** The body of a return from the dialog's values (empty fields are left out: the server's defaults apply). */
export function returnBody(values: {
  gateId: number | null;
  person: string;
  notes: string;
  time: string | null;
}) {
  return {
    gate: values.gateId,
    ...(values.person.trim() ? { person: values.person.trim() } : {}),
    ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
    ...(values.time ? { time: values.time } : {}),
  };
}

/**
 * 'Return' of a key still out: at any gate (the guard's by default), brought by anyone (the holder when left
 * empty), now or at a time, with notes.
 */
export function ReturnDialog({
  lend,
  gate,
  gates,
  onClose,
}: {
  lend: Row;
  gate: GuardGate | null;
  gates: GateOption[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const now = useMinuteClock();
  const [gateId, setGateId] = useState<number | null>(gate?.id ?? null);
  const [person, setPerson] = useState('');
  const [time, setTime] = useState<Dayjs | null>(null);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<DialogProblem | null>(null);
  const keyLabel = (lend.key as RefValue | null)?.label ?? '';

  const giveBack = useMutation({
    mutationFn: () =>
      api.post<Row>(
        `/keymanagement/lend/${lend.id}/return`,
        returnBody({ gateId, person, notes, time: time ? toWireDateTime(time) : null }),
        { silent: true },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(keyLend) });
      void queryClient.invalidateQueries({ queryKey: entityQueryKey(keyEntity) });
      message.success(t('keys.return.done', { key: keyLabel }));
      onClose();
    },
    onError: (error) => setProblem({ text: apiErrorText(error as ApiError | NetworkError, t) }),
  });

  return (
    <ActionDialog
      icon={<RollbackOutlined />}
      title={t('keys.return.title')}
      width={600}
      busy={giveBack.isPending}
      submitText={t('keys.return.submit')}
      submitDisabled={!gateId}
      submitTestId="key-return-submit"
      onSubmit={() => {
        setProblem(null);
        giveBack.mutate();
      }}
      onClose={onClose}
      isDirty={() => person.trim() !== '' || notes.trim() !== '' || time !== null}
      problem={problem}
    >
      <Descriptions
        size="small"
        bordered
        column={1}
        className="visits-leave-summary"
        styles={{ label: { width: '34%' } }}
        items={[
          { key: 'key', label: fieldLabel(t, keyLend, 'key'), children: keyLabel },
          { key: 'holder', label: fieldLabel(t, keyLend, 'holder'), children: String(lend.holder ?? '') },
          {
            key: 'lent',
            label: fieldLabel(t, keyLend, 'lendDateTime'),
            children: `${formatDateTime(lend.lendDateTime as string)} · ${(lend.gate as RefValue | null)?.label ?? ''}`,
          },
          { key: 'due', label: fieldLabel(t, keyLend, 'due'), children: <DueCell lend={lend} now={now} /> },
        ]}
      />
      <Form layout="vertical" className="visits-form">
        <Space size={16} className="visits-leave-fields" align="start" wrap>
          <Form.Item label={fieldLabel(t, keyLend, 'returnGate')} required>
            <GateSelect gates={gates} value={gateId} onChange={setGateId} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item label={fieldLabel(t, keyLend, 'returnDateTime')}>
            <DatePicker
              showTime
              format={PICKER_FORMATS.dateTime}
              value={time}
              onChange={setTime}
              placeholder={t('visits.form.now')}
              style={{ width: 220 }}
            />
          </Form.Item>
        </Space>
        <Form.Item label={fieldLabel(t, keyLend, 'returnPerson')} extra={t('keys.return.personHint')}>
          <Input
            value={person}
            onChange={(event) => setPerson(event.target.value)}
            placeholder={String(lend.holder ?? '')}
            maxLength={200}
            autoFocus
            data-testid="key-return-person"
          />
        </Form.Item>
        <NoteField
          label={fieldLabel(t, keyLend, 'returnNotes')}
          value={notes}
          onChange={setNotes}
          maxLength={1000}
          testId="key-return-notes"
        />
      </Form>
    </ActionDialog>
  );
}
