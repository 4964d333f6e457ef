import { lazy, Suspense, useState } from 'react';
import { BorderOuterOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { signatureDocument, signatureTemplate, signatureVersion } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import type { CrudPageApi } from '../../components/crud/types';
import { TemplateUpload } from './TemplateUpload';
import './signatures.css';

/** The editor (with pdf.js) loads when a template is opened. */
const TemplateEditor = lazy(() => import('./TemplateEditor'));

/**
 * /signatures/documents (SIG_ADMIN): the documents to be signed, their versions, and the versions' PDF
 * templates per language. A template is uploaded here; its zones and attributes are placed on its pages in
 * the template editor (a row's action).
 */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState<CrudPageApi | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  return (
    <>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'documents',
            label: t('signatures.tabs.documents'),
            children: <CrudPage entity={signatureDocument} stateKey="/signatures/documents" />,
          },
          {
            key: 'versions',
            label: t('signatures.tabs.versions'),
            children: <CrudPage entity={signatureVersion} stateKey="/signatures/versions" />,
          },
          {
            key: 'templates',
            label: t('signatures.tabs.templates'),
            children: (
              <CrudPage
                entity={signatureTemplate}
                stateKey="/signatures/templates"
                noCreate
                rowTestId="signature-template-row"
                toolbar={(page) => (
                  <Button
                    type="primary"
                    icon={<UploadOutlined />}
                    data-testid="signature-template-upload"
                    onClick={() => setUploading(page)}
                  >
                    {t('signatures.upload.button')}
                  </Button>
                )}
                rowActions={[
                  {
                    key: 'place',
                    label: t('signatures.editor.open'),
                    icon: <BorderOuterOutlined />,
                    testId: 'signature-template-place',
                    onClick: (record) => setEditing(record),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {uploading && (
        <TemplateUpload
          onClose={() => setUploading(null)}
          onUploaded={() => {
            uploading.refresh();
            setUploading(null);
          }}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <TemplateEditor template={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
