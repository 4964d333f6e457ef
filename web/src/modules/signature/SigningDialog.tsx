import { useState } from 'react';
import { Alert, App, Checkbox, DatePicker, Form, Input, Select, Spin, TimePicker } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  PDF_SCALE,
  checkAttributeValue,
  type ErrorDetail,
  type SigningAttribute,
  type SigningForm,
} from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { GuardedModal } from '../../components/GuardedModal';
import type { Row } from '../../components/crud/fieldWire';
import { PdfPages } from './pdfView';
import { SignatureCanvas } from './SignatureCanvas';
import { NumberInput } from '../../components/NumberInput';
import { validationText } from '../../components/crud/validation';

/** An attribute's value as the API takes it, from its control's value. */
function wireValue(attribute: SigningAttribute, value: unknown): string | number | boolean | null {
  if (value === undefined || value === null || value === '')
    return attribute.type === 'BOOLEAN' ? false : null;
  switch (attribute.type) {
    case 'DATE':
      return (value as Dayjs).format('YYYY-MM-DD');
    case 'DATETIME':
      return (value as Dayjs).format('YYYY-MM-DDTHH:mm:ss');
    case 'TIME':
      return (value as Dayjs).format('HH:mm');
    default:
      return value as string | number | boolean;
  }
}

function AttributeInput({ attribute, ...rest }: { attribute: SigningAttribute }) {
  const testId = `signing-attribute-${attribute.name}`;
  switch (attribute.type) {
    case 'INTEGER':
    case 'FLOAT':
      return (
        <NumberInput
          {...rest}
          style={{ width: '100%' }}
          precision={attribute.type === 'INTEGER' ? 0 : undefined}
          data-testid={testId}
        />
      );
    case 'BOOLEAN':
      return <Checkbox {...rest} data-testid={testId} />;
    case 'SET':
      return (
        <Select
          {...rest}
          allowClear
          data-testid={testId}
          options={attribute.values.map((value) => ({ value, label: value }))}
        />
      );
    case 'DATE':
      return <DatePicker {...rest} format="DD.MM.YYYY" style={{ width: '100%' }} data-testid={testId} />;
    case 'DATETIME':
      return (
        <DatePicker
          {...rest}
          showTime
          format="DD.MM.YYYY HH:mm:ss"
          style={{ width: '100%' }}
          data-testid={testId}
        />
      );
    case 'TIME':
      return <TimePicker {...rest} format="HH:mm" style={{ width: '100%' }} data-testid={testId} />;
    default:
      return <Input {...rest} maxLength={2000} data-testid={testId} />;
  }
}

/**
 * Signing a waiting document: its pages with the zones to sign marked, the attributes to fill (checked by
 * type, min, max and mandatory here and by the server) and a canvas per zone. The server stamps everything
 * into the PDF and archives it; 'Document has expired' when it waited past its max age.
 */
export default function SigningDialog({
  record,
  onClose,
  onSigned,
}: {
  record: Row;
  onClose(): void;
  onSigned(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const id = record.id as number;
  const [signatures, setSignatures] = useState<Record<string, string | null>>({});
  const [zoneErrors, setZoneErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formQuery = useQuery({
    queryKey: ['signature', 'form', id],
    queryFn: ({ signal }) => api.get<SigningForm>(`/signature/signed/${id}/form`, { signal, silent: true }),
  });
  const signing = formQuery.data;

  function showDetails(details: readonly ErrorDetail[]) {
    const text = (detail: ErrorDetail) => validationText(t, detail.message, detail.params);
    form.setFields(
      details
        .filter((detail) => detail.path.startsWith('values.'))
        .map((detail) => ({ name: ['values', detail.path.slice(7)], errors: [text(detail)] })),
    );
    setZoneErrors(
      Object.fromEntries(
        details
          .filter((detail) => detail.path.startsWith('signatures.'))
          .map((detail) => [detail.path.slice(11), text(detail)]),
      ),
    );
  }

  async function submit() {
    if (!signing) return;
    const raw = (form.getFieldValue('values') ?? {}) as Record<string, unknown>;
    const values: Record<string, string | number | boolean | null> = {};
    const details: ErrorDetail[] = [];
    for (const attribute of signing.attributes) {
      const value = wireValue(attribute, raw[attribute.id]);
      values[attribute.id] = value;
      const checked = checkAttributeValue(attribute, value);
      if ('error' in checked)
        details.push({ path: `values.${attribute.id}`, message: checked.error, params: checked.params });
    }
    const signed: Record<string, string> = {};
    for (const zone of signing.zones) {
      const png = signatures[zone.id];
      if (png) signed[zone.id] = png;
      else details.push({ path: `signatures.${zone.id}`, message: 'validation.signatureRequired' });
    }
    showDetails(details);
    if (details.length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.post(`/signature/signed/${id}/sign`, { values, signatures: signed }, { silent: true });
      message.success(t('signatures.signing.done'));
      onSigned();
    } catch (error) {
      if (error instanceof ApiError && error.body?.details?.length) showDetails(error.body.details);
      else if (error instanceof ApiError || error instanceof NetworkError) setFailure(apiErrorText(error, t));
    } finally {
      setBusy(false);
    }
  }

  const zoneOverlay = (page: number) =>
    signing?.zones
      .filter((zone) => zone.page === page)
      .map((zone) => (
        <div
          key={zone.id}
          className={`signature-box signature-box-zone${signatures[zone.id] ? ' is-signed' : ''}`}
          style={{
            left: zone.x * PDF_SCALE,
            top: zone.y * PDF_SCALE,
            width: zone.width * PDF_SCALE,
            height: zone.height * PDF_SCALE,
          }}
        >
          <span className="signature-box-label">{zone.name}</span>
        </div>
      ));

  return (
    <GuardedModal
      title={t('signatures.signing.dialogTitle', { title: String(record.title) })}
      width={1200}
      className="signature-editor-modal"
      isDirty={() => form.isFieldsTouched() || Object.values(signatures).some(Boolean)}
      onClose={onClose}
      onOk={() => void submit()}
      okText={t('signatures.signing.submit')}
      okButtonProps={{ loading: busy, disabled: !signing, 'data-testid': 'signing-submit' } as never}
      cancelText={t('common.cancel')}
    >
      <div className="signature-editor">
        <div className="signature-editor-pages">
          <PdfPages path={`/signature/signed/${id}/pdf`} overlay={zoneOverlay} />
        </div>
        <div className="signature-editor-side">
          {formQuery.isError && <Alert type="error" showIcon title={t('signatures.pdfFailed')} />}
          {!signing && !formQuery.isError && <Spin />}
          {signing && (
            <Form form={form} layout="vertical" data-testid="signing-form">
              {signing.attributes.map((attribute) => (
                <Form.Item
                  key={attribute.id}
                  name={['values', String(attribute.id)]}
                  label={attribute.printName || attribute.name}
                  required={attribute.mandatory}
                  valuePropName={attribute.type === 'BOOLEAN' ? 'checked' : 'value'}
                >
                  <AttributeInput attribute={attribute} />
                </Form.Item>
              ))}
              {signing.zones.map((zone) => (
                <Form.Item
                  key={zone.id}
                  label={t('signatures.signing.zone', { name: zone.name })}
                  required
                  validateStatus={zoneErrors[zone.id] ? 'error' : undefined}
                  help={zoneErrors[zone.id]}
                >
                  <SignatureCanvas
                    ratio={zone.width / zone.height}
                    testId={`signing-canvas-${zone.name}`}
                    onChange={(png) => {
                      setSignatures((all) => ({ ...all, [zone.id]: png }));
                      setZoneErrors((all) => ({ ...all, [zone.id]: '' }));
                    }}
                  />
                </Form.Item>
              ))}
            </Form>
          )}
          {failure && <Alert type="error" showIcon title={failure} data-testid="signing-error" />}
        </div>
      </div>
    </GuardedModal>
  );
}
