import { lazy, Suspense } from 'react';
import { Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity, RefValue } from '@strazce/contract';
import { PICKER_FORMATS } from '../../lib/format';
import { DatePicker } from '../pickers';
import { PhoneInput } from './PhoneInput';
import { RefSelect } from './RefSelect';
import { enumLabel } from './labels';
import type { DialogMode, Row } from './fieldWire';
import { NumberInput } from '../NumberInput';

export interface FieldInputProps {
  entity: Entity;
  name: string;
  mode: DialogMode;
  record: Row | null;
  disabled?: boolean;
  /** Injected by the surrounding Form.Item. */
  id?: string;
  value?: any;
  onChange?: (value: any) => void;
}

// The colour picker (with its slider) is a large part of antd that few entities need.
const ColorInput = lazy(() => import('./ColorInput'));
// The password field with its live rules: only the user forms have one.
const PasswordInput = lazy(() =>
  import('./PasswordInput').then((module) => ({ default: module.PasswordInput })),
);

/** The form widget of a field, chosen by its kind in the entity declaration. */
export function FieldInput({ entity, name, mode, record, disabled, id, value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  const field = entity.fields[name];
  const controlled = { id, value, onChange, disabled };
  switch (field.kind) {
    case 'bool':
      return <Switch id={id} checked={Boolean(value)} onChange={onChange} disabled={disabled} />;
    case 'int':
    case 'decimal':
      return (
        <NumberInput
          {...controlled}
          style={{ width: '100%' }}
          precision={field.kind === 'int' ? 0 : undefined}
          min={field.min}
          max={field.max}
        />
      );
    case 'date':
      return <DatePicker {...controlled} style={{ width: '100%' }} format={PICKER_FORMATS.date} />;
    case 'datetime':
      return (
        <DatePicker {...controlled} style={{ width: '100%' }} showTime format={PICKER_FORMATS.dateTime} />
      );
    case 'enum':
    case 'multiEnum':
      return (
        <Select
          {...controlled}
          mode={field.kind === 'multiEnum' ? 'multiple' : undefined}
          allowClear={!field.required || field.kind === 'multiEnum'}
          placeholder={t('crud.choose')}
          optionFilterProp="label"
          showSearch={field.kind === 'multiEnum' || (field.values?.length ?? 0) > 8}
          options={(field.values ?? []).map((item) => ({
            value: item,
            label: enumLabel(t, entity, name, item),
          }))}
        />
      );
    case 'ref':
    case 'multiRef': {
      const current = record?.[name];
      const known = (Array.isArray(current) ? current : current ? [current] : []) as RefValue[];
      return field.kind === 'ref' ? (
        <RefSelect {...controlled} resource={field.ref!} known={known} />
      ) : (
        <RefSelect {...controlled} multiple resource={field.ref!} known={known} />
      );
    }
    case 'password':
      return (
        <Suspense fallback={<Input.Password disabled />}>
          <PasswordInput {...controlled} placeholder={mode === 'edit' ? t('crud.passwordKeep') : undefined} />
        </Suspense>
      );
    case 'color':
      return (
        <Suspense fallback={null}>
          <ColorInput {...controlled} />
        </Suspense>
      );
    case 'textarea':
      return (
        <Input.TextArea
          {...controlled}
          value={value ?? ''}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={field.max}
          showCount={(field.max ?? 0) <= 4000}
        />
      );
    case 'json':
      return <Input.TextArea {...controlled} className="crud-code" autoSize={{ minRows: 4, maxRows: 16 }} />;
    case 'email':
      return (
        <Input {...controlled} value={value ?? ''} type="email" autoComplete="off" maxLength={field.max} />
      );
    case 'phone':
      return (
        <PhoneInput id={id} value={value} onChange={onChange} disabled={disabled} maxLength={field.max} />
      );
    default:
      return <Input {...controlled} value={value ?? ''} autoComplete="off" maxLength={field.max} />;
  }
}
