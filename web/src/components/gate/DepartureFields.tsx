import { Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { PICKER_FORMATS } from '../../lib/format';
import { fieldLabel } from '../crud/labels';
import { DatePicker } from '../pickers';
import { GateSelect } from './GatePicker';
import type { GateOption } from './gates';
import { NoteField } from '../NoteField';

export interface DepartureValues {
  gateId: number | null;
  /** Null: now. */
  time: Dayjs | null;
  note: string;
}

/** The gate, time (now when empty) and note of a departure, as the leave dialogs of visits and vehicles ask. */
export function DepartureFields({
  entity,
  gates,
  value,
  onChange,
}: {
  entity: Entity;
  gates: GateOption[];
  value: DepartureValues;
  onChange(value: DepartureValues): void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<DepartureValues>) => onChange({ ...value, ...patch });
  return (
    <>
      <Space size={16} className="visits-leave-fields" align="start" wrap>
        <Form.Item label={fieldLabel(t, entity, 'gate')} required>
          <GateSelect
            gates={gates}
            value={value.gateId}
            onChange={(gateId) => set({ gateId })}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item label={t('visits.leave.time')}>
          <DatePicker
            showTime
            format={PICKER_FORMATS.dateTime}
            value={value.time}
            onChange={(time) => set({ time })}
            placeholder={t('visits.form.now')}
            style={{ width: 220 }}
          />
        </Form.Item>
      </Space>
      <NoteField
        label={fieldLabel(t, entity, 'note')}
        value={value.note}
        onChange={(note) => set({ note })}
        maxLength={2000}
      />
    </>
  );
}

/** The body of a leave request from the fields' values. */
export function departureBody(value: DepartureValues, toWire: (time: Dayjs) => string | null) {
  return {
    gate: value.gateId,
    ...(value.time ? { movementTime: toWire(value.time) } : {}),
    ...(value.note.trim() ? { note: value.note.trim() } : {}),
  };
}
