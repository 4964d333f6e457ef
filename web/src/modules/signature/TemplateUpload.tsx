import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Form, Select, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_LOCALES } from '@strazce/contract';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { upload } from '../../lib/upload';
import { GuardedModal } from '../../components/GuardedModal';
import { RefSelect } from '../../components/crud/RefSelect';
import './signatureRefs';

/**
 * Uploads a PDF template of a version in a language (`POST /api/signature/template`): the server checks the
 * content is a PDF it can read, within the site's file size limit.
 */
export function TemplateUpload({ onClose, onUploaded }: { onClose(): void; onUploaded(): void }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState<number | null>(null);
  const [locale, setLocale] = useState<string>('cs');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);

  async function submit() {
    setTried(true);
    if (!version || !file) return;
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.append('file', file);
    try {
      await upload('/signature/template', body, { query: { version, locale }, silent: true });
      onUploaded();
    } catch (failure) {
      if (failure instanceof ApiError && failure.body?.details?.some((d) => d.path === 'file'))
        setError(t(failure.body.details.find((d) => d.path === 'file')!.message));
      else if (failure instanceof ApiError || failure instanceof NetworkError)
        setError(apiErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <GuardedModal
      title={t('signatures.upload.title')}
      isDirty={() => file !== null || version !== null}
      onClose={onClose}
      onOk={() => void submit()}
      okText={t('signatures.upload.ok')}
      okButtonProps={{ loading: busy, 'data-testid': 'signature-upload-ok' } as never}
      cancelText={t('common.cancel')}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('entity.signature/template.fields.version')}
          required
          validateStatus={tried && !version ? 'error' : undefined}
          help={tried && !version ? t('validation.required') : undefined}
        >
          <RefSelect
            resource="signature/version"
            value={version}
            onChange={setVersion}
            id="signature-upload-version"
          />
        </Form.Item>
        <Form.Item label={t('entity.signature/template.fields.locale')} required>
          <Select
            value={locale}
            onChange={setLocale}
            options={SIGNATURE_LOCALES.map((value) => ({
              value,
              label: t(`entity.signature/template.values.locale.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          label={t('signatures.upload.file')}
          required
          validateStatus={tried && !file ? 'error' : undefined}
          help={tried && !file ? t('validation.required') : undefined}
        >
          <Upload.Dragger
            accept="application/pdf,.pdf"
            maxCount={1}
            beforeUpload={(picked) => {
              setFile(picked);
              return false;
            }}
            onRemove={() => setFile(null)}
            data-testid="signature-upload-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('signatures.upload.hint')}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="signature-upload-error" />}
    </GuardedModal>
  );
}
