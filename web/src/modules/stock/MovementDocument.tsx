import { ExclamationCircleOutlined, FileProtectOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RefValue } from '@strazce/contract';
import { canOpenRoute } from '../../app/access';
import { useSession } from '../../app/session';
import type { Row } from '../../components/crud/fieldWire';
import type { RowAction } from '../../components/crud/types';
import { SignedDocuments } from '../signatures/SignedDocuments';
import { refLabel } from './stockCells';

/** Where a handover document is signed. */
const SIGNING = '/signatures/signing';

/** The handover document prepared with a movement (`document`: the signed copy), or none. */
export const documentOf = (movement: Row): RefValue | null => (movement.document as RefValue | null) ?? null;

/**
 * Whether a movement has something to say about its handover document (docs/stock.md): one was prepared to be
 * signed, or its category asked for one and none could be (`documentMissing`).
 */
export const hasHandover = (movement: Row): boolean =>
  documentOf(movement) !== null || movement.documentMissing === true;

/**
 * The row actions of a movement's handover document, as a key lend-out has its protocol: 'Document to sign'
 * when one was prepared, 'Document not prepared' when the category asked for one and none could be.
 */
export function useDocumentActions(open: (movement: Row) => void): RowAction[] {
  const { t } = useTranslation();
  return [
    {
      key: 'document',
      label: t('stock.document.action'),
      icon: <FileProtectOutlined />,
      testId: 'stock-document',
      visible: (record) => documentOf(record) !== null,
      onClick: (record) => open(record),
    },
    {
      key: 'documentMissing',
      label: t('entity.stock/item/movement.fields.documentMissing'),
      icon: <ExclamationCircleOutlined />,
      testId: 'stock-document-missing',
      visible: (record) => documentOf(record) === null && record.documentMissing === true,
      onClick: (record) => open(record),
    },
  ];
}

/** A movement's handover document in its list column: a link to it, or 'Document not prepared'; else nothing. */
export function DocumentCell({ movement, onOpen }: { movement: Row; onOpen(movement: Row): void }) {
  const { t } = useTranslation();
  if (!hasHandover(movement)) return null;
  const prepared = documentOf(movement) !== null;
  return (
    <Button
      type="link"
      size="small"
      className="stock-document-link"
      danger={!prepared}
      icon={prepared ? <FileProtectOutlined /> : <ExclamationCircleOutlined />}
      onClick={() => onOpen(movement)}
      data-testid={prepared ? 'stock-document-link' : 'stock-document-missing-link'}
    >
      {prepared ? t('stock.document.action') : t('entity.stock/item/movement.fields.documentMissing')}
    </Button>
  );
}

/**
 * A movement's handover document: the document waiting for the person's signature, with the way to the signing
 * page for a signer and its copies (signed PDF once signed) for a reader of the signature archive; or why none
 * was prepared. Shown from the movements' list and after an issue or a return that asks for one.
 */
export function MovementDocumentDialog({ movement, onClose }: { movement: Row; onClose(): void }) {
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
