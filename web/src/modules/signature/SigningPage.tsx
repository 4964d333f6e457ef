import { lazy, Suspense, useState } from 'react';
import { HighlightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SIGNATURES_SIGNED_REFRESH_MS, signatureSigned } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import type { CrudPageApi } from '../../components/crud/types';
import './signatures.css';

/** The dialog (with the signature canvas and pdf.js) loads when a document is opened for signing. */
const SigningDialog = lazy(() => import('./SigningDialog'));

/**
 * /signatures/signing (SIG_USER): the documents waiting for a signature, refreshed every 5 s (a visitor's entry
 * document appears here as soon as the reception records the entry). A new one is prepared with the create
 * button; a row's action opens it for signing.
 */
export default function SigningPage() {
  const { t } = useTranslation();
  const [signing, setSigning] = useState<{ record: Row; page: CrudPageApi } | null>(null);
  return (
    <>
      <CrudPage
        entity={signatureSigned}
        stateKey="/signatures/signing"
        title={t('signatures.signing.title')}
        apiQuery={{ status: 'WAITING' }}
        columns={['created', 'title', 'document', 'locale', 'expires']}
        refetchInterval={SIGNATURES_SIGNED_REFRESH_MS}
        rowEditable={() => false}
        rowTestId="signature-waiting-row"
        emptyText={t('signatures.signing.empty')}
        rowActions={[
          {
            key: 'sign',
            label: t('signatures.signing.sign'),
            icon: <HighlightOutlined />,
            testId: 'signature-sign',
            onClick: (record, page) => setSigning({ record, page }),
          },
        ]}
      />
      {signing && (
        <Suspense fallback={null}>
          <SigningDialog
            record={signing.record}
            onClose={() => setSigning(null)}
            onSigned={() => {
              signing.page.refresh();
              setSigning(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
