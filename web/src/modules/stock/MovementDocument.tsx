import { ExclamationCircleOutlined, FileProtectOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefValue } from '@strazce/contract';
import type { Row } from '../../components/crud/fieldWire';
import type { RowAction } from '../../components/crud/types';

/** Where a handover document is signed. */
export const SIGNING = '/signatures/signing';

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
