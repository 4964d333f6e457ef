import { useEffect, useRef } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Form, Input, Segmented, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KNOWN_CONFIG_PROPERTIES, type ConfigValueType } from '@strazce/contract';
import { useSystemOption } from '../../lib/systemOptions';
import {
  convertConfigValue,
  emptyScalar,
  fromJsonText,
  isArrayType,
  scalarTypeOf,
  toJsonText,
  type Scalar,
  type ScalarType,
} from './configValue';
import { isKnownProperty } from '../../lib/siteProperties';
import { NumberInput } from '../../components/NumberInput';
import { SystemOptionState } from './SystemOptionState';

const I18N = 'entity.system_site/property';

interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
}

/** The site's upload limit: one of the size options the server offers (`/system_option/config`). */
function FileSizeInput({ value, onChange, disabled, id }: ControlProps<Scalar | undefined>) {
  const options = useSystemOption('config');
  if (!options.isSuccess) return <SystemOptionState query={options} />;
  return (
    <Segmented
      id={id}
      value={typeof value === 'number' ? value : undefined}
      disabled={disabled}
      onChange={(next) => onChange?.(next)}
      options={options.data.fileSizeOptionsMb.map((mb) => ({ value: mb, label: `${mb} MB` }))}
    />
  );
}

/** One value of a scalar type: a whole number, a number, a text or yes/no. */
function ScalarInput({
  type,
  property,
  value,
  onChange,
  disabled,
  id,
}: ControlProps<Scalar | undefined> & { type: ScalarType; property?: string }) {
  const { t } = useTranslation();
  if (type === 'BOOLEAN')
    return (
      <Switch
        id={id}
        checked={value === true}
        disabled={disabled}
        checkedChildren={t('crud.yes')}
        unCheckedChildren={t('crud.no')}
        onChange={(checked) => onChange?.(checked)}
      />
    );
  if (type === 'STRING')
    return (
      <Input.TextArea
        id={id}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={4000}
        onChange={(event) => onChange?.(event.target.value)}
      />
    );
  if (property === 'FILE_MAX_SIZE_MB' && type === 'LONG')
    return <FileSizeInput id={id} value={value} onChange={onChange} disabled={disabled} />;
  return (
    <NumberInput<number>
      id={id}
      value={typeof value === 'number' ? value : null}
      disabled={disabled}
      precision={type === 'LONG' ? 0 : undefined}
      style={{ width: '100%', maxWidth: 280 }}
      suffix={property === 'SITE_TIMEOUT' ? t(`${I18N}.minutes`) : undefined}
      onChange={(next) => onChange?.(typeof next === 'number' ? next : undefined)}
    />
  );
}

/** A list of values of one scalar type, each removable, with a button that adds one more. */
function ListInput({ type, value, onChange, disabled, id }: ControlProps<Scalar[]> & { type: ScalarType }) {
  const { t } = useTranslation();
  const items = value ?? [];
  const set = (index: number, item: Scalar | undefined) =>
    onChange?.(items.map((current, at) => (at === index ? (item ?? emptyScalar(type)) : current)));
  return (
    <div id={id} className="admin-config-list">
      {items.map((item, index) => (
        <div key={index} className="admin-config-item">
          <span className="admin-config-index">{index + 1}.</span>
          <ScalarInput type={type} value={item} disabled={disabled} onChange={(next) => set(index, next)} />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t(`${I18N}.removeItem`)}
            onClick={() => onChange?.(items.filter((_, at) => at !== index))}
          />
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...items, emptyScalar(type)])}
      >
        {t(`${I18N}.addItem`)}
      </Button>
    </div>
  );
}

/**
 * The value of a site property, edited with the control of its chosen type (a number, a text, yes/no, or a
 * list of them). It keeps the value as the JSON text the form uses for JSON fields; when the type changes,
 * what still fits is carried over.
 */
export function ConfigValueInput({ id, value, onChange, disabled }: ControlProps<string>) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as ConfigValueType | undefined;
  const name = Form.useWatch('name', form) as string | undefined;
  const parsed = fromJsonText(value);
  const previousType = useRef(type);

  useEffect(() => {
    if (previousType.current === type) return;
    previousType.current = type;
    if (type) onChange?.(toJsonText(convertConfigValue(parsed, type)));
    // Only a change of the type converts; the value itself is edited below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);

  if (!type)
    return (
      <Typography.Text id={id} type="secondary">
        {t(`${I18N}.chooseType`)}
      </Typography.Text>
    );
  const scalar = scalarTypeOf(type);
  const emit = (next: unknown) => onChange?.(toJsonText(next));
  const known = isKnownProperty(name) ? name : undefined;
  return (
    <div className="admin-config-value">
      {isArrayType(type) ? (
        <ListInput
          id={id}
          type={scalar}
          disabled={disabled}
          value={Array.isArray(parsed) ? (parsed as Scalar[]) : []}
          onChange={emit}
        />
      ) : (
        <ScalarInput
          id={id}
          type={scalar}
          property={known}
          disabled={disabled}
          value={parsed as Scalar | undefined}
          onChange={emit}
        />
      )}
      {known && (
        <Typography.Text type="secondary" className="admin-config-hint">
          {t(`${I18N}.known.${known}`, { default: KNOWN_CONFIG_PROPERTIES[known].default })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The property name: free text in capitals, with the names the product reads offered (and their type set). */
export function PropertyNameInput({ id, value, onChange, disabled }: ControlProps<string>) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <AutoComplete
      id={id}
      value={value ?? ''}
      disabled={disabled}
      options={Object.keys(KNOWN_CONFIG_PROPERTIES).map((known) => ({
        value: known,
        label: (
          <span className="admin-config-option">
            <span className="admin-mono">{known}</span>
            <Typography.Text type="secondary">{t(`${I18N}.knownShort.${known}`)}</Typography.Text>
          </span>
        ),
      }))}
      showSearch={{
        filterOption: (input, option) => String(option?.value ?? '').includes(input.toUpperCase()),
      }}
      onChange={(next: string) => onChange?.(next.toUpperCase())}
      onSelect={(known: string) => {
        if (isKnownProperty(known)) form.setFieldValue('type', KNOWN_CONFIG_PROPERTIES[known].type);
      }}
      className="admin-mono-input"
    />
  );
}
