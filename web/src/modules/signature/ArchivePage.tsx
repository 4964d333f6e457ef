import { useState } from 'react';
import { DownloadOutlined, FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { signatureSigned, type ValidateResult } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { useDownload } from '../../components/useDownload';
import { PdfPages } from './pdfView';
import { ValidateDialog, ValidationResult } from './ValidateDialog';
import './signatures.css';

const isSigned = (record: Row) => record.status === 'SIGNED';
const fileName = (record: Row) => `${String(record.title).replace(/[\\/:*?"<>|]+/g, '_')}.pdf`;

/**
 * /signatures/archive (SIG_ADMIN, SIG_USER, SIG_VIEW): every prepared, signed and shredded document with
 * filters; a signed one is shown, downloaded and validated against the hash stored when it was signed; any
 * PDF can be validated by an upload.
 */
export default function ArchivePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const download = useDownload();
  const [showing, setShowing] = useState<Row | null>(null);
  const [validating, setValidating] = useState(false);

  async function validate(record: Row) {
    try {
      const result = await api.get<ValidateResult>(`/signature/validate/${String(record.id)}`, {
        silent: true,
      });
      (result.valid ? modal.success : modal.error)({
        title: t('signatures.validate.title'),
        content: <ValidationResult result={result} />,
      });
    } catch (error) {
      if (error instanceof ApiError || error instanceof NetworkError)
        modal.error({ title: t('signatures.validate.title'), content: apiErrorText(error, t) });
    }
  }

  return (
    <>
      <CrudPage
        entity={signatureSigned}
        stateKey="/signatures/archive"
        title={t('signatures.archive.title')}
        columns={[
          'created',
          'title',
          'document',
          'status',
          'signedAt',
          'signedBy',
          'terminal',
          'shreddedAt',
          'source',
        ]}
        noCreate
        readOnly
        rowTestId="signature-archive-row"
        toolbar={() => (
          <Button
            icon={<SafetyCertificateOutlined />}
            onClick={() => setValidating(true)}
            data-testid="signature-validate-upload"
          >
            {t('signatures.validate.upload')}
          </Button>
        )}
        rowActions={[
          {
            key: 'show',
            label: t('signatures.archive.show'),
            icon: <FilePdfOutlined />,
            testId: 'signature-show',
            visible: isSigned,
            onClick: (record) => setShowing(record),
          },
          {
            key: 'download',
            label: t('signatures.archive.download'),
            icon: <DownloadOutlined />,
            testId: 'signature-download',
            visible: isSigned,
            onClick: (record) =>
              void download(`/signature/signed/${String(record.id)}/pdf`, fileName(record)),
          },
          {
            key: 'validate',
            label: t('signatures.validate.action'),
            icon: <SafetyCertificateOutlined />,
            testId: 'signature-validate',
            visible: isSigned,
            onClick: (record) => void validate(record),
          },
        ]}
      />
      {showing && (
        <Modal
          open
          width={900}
          className="signature-editor-modal"
          title={String(showing.title)}
          footer={null}
          onCancel={() => setShowing(null)}
          destroyOnHidden
        >
          <div className="signature-editor-pages" data-testid="signature-signed-pdf">
            <PdfPages path={`/signature/signed/${String(showing.id)}/pdf`} />
          </div>
        </Modal>
      )}
      {validating && <ValidateDialog onClose={() => setValidating(false)} />}
    </>
  );
}
