import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Modal, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValidateResult } from '@strazce/contract';
import { ApiError, NetworkError } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { upload } from '../../lib/upload';

/** What `validate` found: unaltered (which signed document, when) or not, with the file's SHA-256. */
export function ValidationResult({ result }: { result: ValidateResult }) {
  const { t } = useTranslation();
  return (
    <div data-testid="signature-validate-result" data-valid={result.valid}>
      <p>
        {result.valid && result.signed
          ? t('signatures.validate.valid', {
              title: result.signed.title,
              signedAt: formatDateTime(result.signed.signedAt),
            })
          : t('signatures.validate.invalid')}
      </p>
      <Typography.Text type="secondary" className="signature-hash">
        {t('signatures.validate.hash', { hash: result.sha256 })}
      </Typography.Text>
    </div>
  );
}

/** Validates any PDF (an upload, nothing stored) against the hashes of the site's archive. */
export function ValidateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<ValidateResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(file: File) {
    setBusy(true);
    setError(null);
    setResult(null);
    const body = new FormData();
    body.append('file', file);
    try {
      setResult(await upload<ValidateResult>('/signature/validate', body, { silent: true }));
    } catch (failure) {
      if (failure instanceof ApiError || failure instanceof NetworkError) setError(apiErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={t('signatures.validate.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Upload.Dragger
        accept="application/pdf,.pdf"
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          void check(file);
          return false;
        }}
        data-testid="signature-validate-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('signatures.validate.hint')}</p>
      </Upload.Dragger>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.valid ? 'success' : 'error'}
          showIcon
          title={<ValidationResult result={result} />}
        />
      )}
      {error && <Alert style={{ marginTop: 16 }} type="error" showIcon title={error} />}
    </Modal>
  );
}
