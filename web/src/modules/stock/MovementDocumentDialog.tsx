import { FileProtectOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canOpenRoute } from '../../lib/access';
import { useSession } from '../../lib/session';
import type { Row } from '../../components/crud/fieldWire';
import { SignedDocuments } from '../signature';
import { documentOf, SIGNING } from './MovementDocument';
import { refLabel } from './stockCells';

/**
 * A movement's handover document: the document waiting for the person's signature, with the way to the signing
 * page for a signer and its copies (signed PDF once signed) for a reader of the signature archive; or why none
 * was prepared. Shown from the movements' list and after an issue or a return that asks for one.
 */
export default function MovementDocumentDialog({ movement, onClose }: { movement: Row; onClose(): void }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const navigate = useNavigate();
  const document = documentOf(movement);
  return (
    <Modal
      open
      title={t('stock.document.title', { item: refLabel(movement.item) })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="stock-document-dialog">
        {document ? (
          <>
            <Typography.Paragraph data-testid="stock-document-ready">
              {t('stock.document.ready', { document: document.label })}
            </Typography.Paragraph>
            {canOpenRoute(session, SIGNING) && (
              <Button
                type="primary"
                icon={<FileProtectOutlined />}
                onClick={() => void navigate(SIGNING)}
                data-testid="stock-document-sign"
              >
                {t('stock.document.sign')}
              </Button>
            )}
            <SignedDocuments source="MOD_STOCK" sourceId={movement.id as number} />
          </>
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('stock.document.missing')}
            description={t('stock.document.missingText')}
            data-testid="stock-document-missing-text"
          />
        )}
      </Flex>
    </Modal>
  );
}
