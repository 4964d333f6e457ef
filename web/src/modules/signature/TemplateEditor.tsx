import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  DeleteOutlined,
  EditOutlined,
  FontSizeOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { App, Button, Checkbox, Empty, Form, Input, List, Modal, Select, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PDF_SCALE,
  SIGNATURE_ATTRIBUTE_TYPES,
  attributeRules,
  pageRule,
  type ErrorDetail,
} from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import type { Row } from '../../components/crud/fieldWire';
import { validationText } from '../../components/crud/validation';
import { PdfPages } from './pdfView';
import { NumberInput } from '../../components/NumberInput';

type Kind = 'zone' | 'attribute';

/** A zone or attribute being placed: its values as the API takes them, `id` once saved. */
interface Placed {
  key: string;
  kind: Kind;
  id?: number;
  version?: number;
  values: Record<string, unknown>;
}

const round = (value: number) => Math.round(value * 10) / 10;
/** How tall an attribute's box is drawn: its font size (points), at least this many. */
const MIN_BOX = 10;

const ZONE_FIELDS = ['name', 'page', 'x', 'y', 'width', 'height', 'notification'] as const;
const ATTRIBUTE_FIELDS = [
  'name',
  'printName',
  'type',
  'mandatory',
  'stamp',
  'page',
  'x',
  'y',
  'fontSize',
  'bold',
  'italic',
  'underline',
  'min',
  'max',
  'values',
] as const;

function toPlaced(kind: Kind, row: Row): Placed {
  const fields = kind === 'zone' ? ZONE_FIELDS : ATTRIBUTE_FIELDS;
  return {
    key: `${kind}-${String(row.id)}`,
    kind,
    id: row.id as number,
    version: row.version as number,
    values: Object.fromEntries(fields.map((field) => [field, row[field] ?? null])),
  };
}

/**
 * The template editor: the template's pages drawn by pdf.js at `PDF_SCALE`, its signature zones (blue) and
 * attributes (orange) on them, moved by dragging, zones resized by their corner; the numbers of the one
 * selected are edited beside (points from the page's top-left corner: 1 point = 0.75 px here). The rules (max
 * not below min, a SET's values, the page existing) are checked here and by the server, shown on the field.
 */
export default function TemplateEditor({ template, onClose }: { template: Row; onClose(): void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const templateId = template.id as number;
  const pages = template.pages as number;
  const [items, setItems] = useState<Placed[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState<Set<string>>(new Set());
  const [form] = Form.useForm();
  const counter = useRef(0);

  const loaded = useQuery({
    queryKey: ['signature', 'template-parts', templateId],
    queryFn: async ({ signal }) => {
      const query = { template: templateId, size: 100, page: 1 };
      const [zones, attributes] = await Promise.all([
        api.list<Row>('/signature/zone', query, { signal, silent: true }),
        api.list<Row>('/signature/attribute', query, { signal, silent: true }),
      ]);
      return [
        ...zones.rows.map((row) => toPlaced('zone', row)),
        ...attributes.rows.map((row) => toPlaced('attribute', row)),
      ];
    },
  });
  useEffect(() => {
    if (loaded.data) setItems(loaded.data);
  }, [loaded.data]);

  const current = items.find((item) => item.key === selected) ?? null;
  useEffect(() => {
    form.resetFields();
    if (current) form.setFieldsValue(current.values);
    // Only when another item is selected: typing must not reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);

  function change(key: string, values: Record<string, unknown>, fromForm = false) {
    setItems((list) =>
      list.map((item) => (item.key === key ? { ...item, values: { ...item.values, ...values } } : item)),
    );
    setDirty((set) => new Set(set).add(key));
    if (!fromForm && key === selected) form.setFieldsValue(values);
  }

  function add(kind: Kind) {
    counter.current += 1;
    const key = `new-${kind}-${counter.current}`;
    const base = { page: 1, x: 40 + counter.current * 10, y: 40 + counter.current * 10 };
    const values =
      kind === 'zone'
        ? { ...base, name: '', width: 160, height: 60, notification: null }
        : {
            ...base,
            name: '',
            printName: null,
            type: 'TEXT',
            mandatory: false,
            stamp: true,
            fontSize: 10,
            bold: false,
            italic: false,
            underline: false,
            min: null,
            max: null,
            values: null,
          };
    setItems((list) => [...list, { key, kind, values }]);
    setDirty((set) => new Set(set).add(key));
    setSelected(key);
  }

  function showErrors(details: readonly ErrorDetail[]) {
    form.setFields(
      details.map((detail) => ({
        name: detail.path,
        errors: [validationText(t, detail.message, detail.params)],
      })),
    );
  }

  async function save() {
    if (!current) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    // The messages of the last save go; this one's checks set them again where they still apply.
    form.setFields(Object.keys(form.getFieldsValue()).map((name) => ({ name, errors: [] })));
    // What the form shows (the item's state may not have caught up with the last keystroke yet). An emptied
    // text is no value (an empty e-mail address would be refused as one).
    const values = Object.fromEntries(
      Object.entries({ ...current.values, ...form.getFieldsValue() }).map(([name, value]) => [
        name,
        typeof value === 'string' && value.trim() === '' ? null : value,
      ]),
    );
    const local = [
      ...(current.kind === 'attribute' ? attributeRules(values as never) : []),
      ...pageRule(values.page as number, pages),
    ];
    if (local.length > 0) {
      showErrors(local);
      return;
    }
    const resource = `/signature/${current.kind}`;
    try {
      const saved = current.id
        ? await api.put<Row>(
            `${resource}/${current.id}`,
            { ...values, version: current.version },
            { silent: true },
          )
        : await api.post<Row>(resource, { ...values, template: templateId }, { silent: true });
      const next = toPlaced(current.kind, saved);
      setItems((list) => list.map((item) => (item.key === current.key ? next : item)));
      setDirty((set) => {
        const copy = new Set(set);
        copy.delete(current.key);
        return copy;
      });
      // Still on this item: it goes on under its saved key. Moved on meanwhile (a slow answer): the selection stays.
      setSelected((key) => (key === current.key ? next.key : key));
      void queryClient.invalidateQueries({ queryKey: ['crud'] });
      message.success(t('signatures.editor.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.body?.details?.length) showErrors(error.body.details);
      else if (error instanceof ApiError || error instanceof NetworkError)
        message.error(apiErrorText(error, t));
    }
  }

  async function remove() {
    if (!current) return;
    try {
      if (current.id) await api.delete(`/signature/${current.kind}/${current.id}`, { silent: true });
      setItems((list) => list.filter((item) => item.key !== current.key));
      setSelected(null);
    } catch (error) {
      if (error instanceof ApiError || error instanceof NetworkError) message.error(apiErrorText(error, t));
    }
  }

  /** Drags a box (or its corner) with the pointer: screen pixels → points (÷ PDF_SCALE). */
  function startDrag(event: ReactPointerEvent, item: Placed, mode: 'move' | 'resize') {
    event.preventDefault();
    event.stopPropagation();
    setSelected(item.key);
    const startX = event.clientX;
    const startY = event.clientY;
    const origin = { ...item.values } as Record<string, number>;
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture?.(event.pointerId);
    const move = (moved: PointerEvent) => {
      const dx = (moved.clientX - startX) / PDF_SCALE;
      const dy = (moved.clientY - startY) / PDF_SCALE;
      change(
        item.key,
        mode === 'move'
          ? { x: Math.max(0, round(origin.x + dx)), y: Math.max(0, round(origin.y + dy)) }
          : {
              width: Math.max(10, round(origin.width + dx)),
              height: Math.max(10, round(origin.height + dy)),
            },
      );
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  const overlay = (page: number) =>
    items
      .filter((item) => Number(item.values.page) === page)
      .map((item) => {
        const v = item.values as Record<string, number | string | null>;
        const height =
          item.kind === 'zone' ? Number(v.height) : Math.max(MIN_BOX, Number(v.fontSize ?? 10) * 1.2);
        const width = item.kind === 'zone' ? Number(v.width) : undefined;
        return (
          <div
            key={item.key}
            className={`signature-box signature-box-${item.kind}${item.key === selected ? ' is-selected' : ''}`}
            data-testid={`signature-box-${item.kind}`}
            data-name={String(v.name ?? '')}
            style={{
              left: Number(v.x) * PDF_SCALE,
              top: Number(v.y) * PDF_SCALE,
              height: height * PDF_SCALE,
              ...(width ? { width: width * PDF_SCALE } : { minWidth: 60 }),
              fontSize: item.kind === 'attribute' ? Number(v.fontSize ?? 10) * PDF_SCALE : undefined,
            }}
            onPointerDown={(event) => startDrag(event, item, 'move')}
          >
            <span className="signature-box-label">
              {String(v.name || t(`signatures.editor.new.${item.kind}`))}
            </span>
            {item.kind === 'zone' && (
              <span
                className="signature-box-handle"
                data-testid="signature-box-resize"
                onPointerDown={(event) => startDrag(event, item, 'resize')}
              />
            )}
          </div>
        );
      });

  const type = Form.useWatch('type', form) as string | undefined;
  const numberField = (name: string, min = 0) => (
    <Form.Item name={name} label={t(`entity.signature/${current?.kind}.fields.${name}`)}>
      <NumberInput min={min} step={1} style={{ width: '100%' }} data-testid={`signature-field-${name}`} />
    </Form.Item>
  );

  return (
    <Modal
      open
      width={1280}
      className="signature-editor-modal"
      title={t('signatures.editor.title', { name: String(template.fileName) })}
      onCancel={() => {
        if (dirty.size === 0) onClose();
        else
          modal.confirm({
            title: t('crud.discard.title'),
            content: t('crud.discard.content'),
            okText: t('crud.discard.ok'),
            cancelText: t('crud.discard.keep'),
            okButtonProps: { danger: true },
            onOk: onClose,
          });
      }}
      footer={null}
      destroyOnHidden
    >
      <div className="signature-editor">
        <div className="signature-editor-pages">
          <PdfPages path={`/signature/template/${templateId}/pdf`} overlay={overlay} />
        </div>
        <div className="signature-editor-side">
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={() => add('zone')} data-testid="signature-add-zone">
              {t('signatures.editor.addZone')}
            </Button>
            <Button
              icon={<FontSizeOutlined />}
              onClick={() => add('attribute')}
              data-testid="signature-add-attribute"
            >
              {t('signatures.editor.addAttribute')}
            </Button>
          </Space>
          <List
            size="small"
            className="signature-editor-list"
            locale={{ emptyText: <Empty description={t('signatures.editor.empty')} /> }}
            dataSource={items}
            renderItem={(item) => (
              <List.Item
                className={item.key === selected ? 'is-selected' : undefined}
                onClick={() => setSelected(item.key)}
                actions={[<EditOutlined key="edit" />]}
              >
                <Space>
                  <Tag color={item.kind === 'zone' ? 'blue' : 'orange'}>
                    {t(`signatures.editor.kind.${item.kind}`)}
                  </Tag>
                  <span>{String(item.values.name || t(`signatures.editor.new.${item.kind}`))}</span>
                  {dirty.has(item.key) && <Tag>{t('signatures.editor.unsaved')}</Tag>}
                </Space>
              </List.Item>
            )}
          />
          {current && (
            <Form
              form={form}
              layout="vertical"
              size="small"
              className="signature-editor-form"
              data-testid="signature-editor-form"
              onValuesChange={(changed) => {
                change(current.key, changed as Record<string, unknown>, true);
                // A rule's message (max below min, a missing page) goes once its field is changed.
                form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
              }}
            >
              <Form.Item
                name="name"
                label={t(`entity.signature/${current.kind}.fields.name`)}
                rules={[{ required: true, message: t('validation.required') }]}
              >
                <Input maxLength={100} data-testid="signature-field-name" />
              </Form.Item>
              {current.kind === 'attribute' && (
                <>
                  <Form.Item name="printName" label={t('entity.signature/attribute.fields.printName')}>
                    <Input maxLength={100} data-testid="signature-field-printName" />
                  </Form.Item>
                  <Form.Item name="type" label={t('entity.signature/attribute.fields.type')}>
                    <Select
                      data-testid="signature-field-type"
                      options={SIGNATURE_ATTRIBUTE_TYPES.map((value) => ({
                        value,
                        label: t(`entity.signature/attribute.values.type.${value}`),
                      }))}
                    />
                  </Form.Item>
                </>
              )}
              <div className="signature-editor-numbers">
                {numberField('page', 1)}
                {numberField('x')}
                {numberField('y')}
                {current.kind === 'zone' ? (
                  <>
                    {numberField('width', 10)}
                    {numberField('height', 10)}
                  </>
                ) : (
                  numberField('fontSize', 4)
                )}
              </div>
              {current.kind === 'zone' ? (
                <Form.Item
                  name="notification"
                  label={t('entity.signature/zone.fields.notification')}
                  rules={[{ type: 'email', message: t('validation.email') }]}
                >
                  <Input maxLength={254} />
                </Form.Item>
              ) : (
                <>
                  <div className="signature-editor-checks">
                    {(['mandatory', 'stamp', 'bold', 'italic', 'underline'] as const).map((name) => (
                      <Form.Item key={name} name={name} valuePropName="checked" noStyle>
                        <Checkbox data-testid={`signature-field-${name}`}>
                          {t(`entity.signature/attribute.fields.${name}`)}
                        </Checkbox>
                      </Form.Item>
                    ))}
                  </div>
                  <div className="signature-editor-numbers">
                    <Form.Item name="min" label={t('entity.signature/attribute.fields.min')}>
                      <NumberInput style={{ width: '100%' }} data-testid="signature-field-min" />
                    </Form.Item>
                    <Form.Item name="max" label={t('entity.signature/attribute.fields.max')}>
                      <NumberInput style={{ width: '100%' }} data-testid="signature-field-max" />
                    </Form.Item>
                  </div>
                  {type === 'SET' && (
                    <Form.Item
                      name="values"
                      label={t('entity.signature/attribute.fields.values')}
                      extra={t('signatures.editor.valuesHint')}
                    >
                      <Input maxLength={2000} data-testid="signature-field-values" />
                    </Form.Item>
                  )}
                </>
              )}
              <Space>
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  onClick={() => void save()}
                  data-testid="signature-item-save"
                >
                  {t('signatures.editor.save')}
                </Button>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => void remove()}
                  data-testid="signature-item-delete"
                >
                  {t('signatures.editor.delete')}
                </Button>
              </Space>
            </Form>
          )}
        </div>
      </div>
    </Modal>
  );
}
