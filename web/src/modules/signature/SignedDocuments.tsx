import type { ReactNode } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { canOpenRoute } from '../../lib/access';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDownload } from '../../components/useDownload';
import './signedDocuments.css';

interface SignedCopy {
  id: number;
  title: string;
  document: { id: number; label: string };
  status: 'WAITING' | 'SIGNED' | 'SHREDDED';
  signedAt: string | null;
}

/** Whether the user may see signed documents (the signature archive's roles and module on the site). */
export function useSeesSignedDocuments(): boolean {
  const { session } = useSession();
  return canOpenRoute(session, '/signatures/archive');
}

/**
 * The documents signed for a record of another module (`source` and its id: a visit's entry and leave
 * documents, a key lend-out's handover protocol, a stock movement's handover document; docs/signatures.md)
 * with their signed PDFs, for a user who may open the signature archive; nothing is asked otherwise. Named by
 * the document (a title may carry a visitor's name, masked in the visit for some users). Loaded without the
 * signature pages (the pages' budget).
 */
export function SignedDocuments({
  source,
  sourceId,
  empty = null,
}: {
  source: 'MOD_VISIT' | 'MOD_KM' | 'MOD_STOCK';
  sourceId: number;
  /** What shows when there is none (nothing by default). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const download = useDownload();
  const allowed = useSeesSignedDocuments();
  const copies = useQuery({
    queryKey: ['crud', 'signature/signed', source, sourceId],
    queryFn: ({ signal }) =>
      api.get<SignedCopy[]>('/signature/signed', {
        query: { source, sourceId, size: 10 },
        signal,
        silent: true,
      }),
    enabled: allowed,
  });
  if (!copies.data?.length) return copies.data ? empty : null;
  return (
    <section className="signed-documents" data-testid="signed-documents">
      <Typography.Text strong>{t('signatures.visit.title')}</Typography.Text>
      <ul>
        {copies.data.map((copy) => (
          <li key={copy.id}>
            <span>{copy.document.label}</span>
            <Tag>{t(`entity.signature/signed.values.status.${copy.status}`)}</Tag>
            {copy.signedAt && (
              <Typography.Text type="secondary">{formatDateTime(copy.signedAt)}</Typography.Text>
            )}
            {copy.status === 'SIGNED' && (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                data-testid="signed-document-download"
                onClick={() =>
                  void download(`/signature/signed/${copy.id}/pdf`, `${copy.document.label}.pdf`)
                }
              >
                {t('signatures.archive.download')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
