import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { canOpenRoute } from '../../app/access';
import { formatDateTime } from '../../app/format';
import { useSession } from '../../app/session';
import { useDownload } from '../../components/useDownload';
import './visitSignatures.css';

interface SignedCopy {
  id: number;
  title: string;
  document: { id: number; label: string };
  status: 'WAITING' | 'SIGNED' | 'SHREDDED';
  signedAt: string | null;
}

/**
 * The documents a visitor signs at entry and departure (the purpose's entry and leave documents,
 * docs/signatures.md), in the visit's detail with their signed PDFs, for a user who may open the signature
 * archive; nothing is asked otherwise. Loaded without the signature pages (the visit pages' budget).
 */
export function VisitSignaturesSection({ visitId }: { visitId: number }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const download = useDownload();
  const allowed = canOpenRoute(session, '/signatures/archive');
  const copies = useQuery({
    queryKey: ['crud', 'signature/signed', 'visit', visitId],
    queryFn: ({ signal }) =>
      api.get<SignedCopy[]>('/signature/signed', {
        query: { source: 'MOD_VISIT', sourceId: visitId, size: 10 },
        signal,
        silent: true,
      }),
    enabled: allowed,
  });
  if (!copies.data?.length) return null;
  return (
    <section className="visit-signatures" data-testid="visit-signatures">
      <Typography.Text strong>{t('signatures.visit.title')}</Typography.Text>
      <ul>
        {copies.data.map((copy) => (
          <li key={copy.id}>
            {/* The document's name: the title carries the visitor's name, masked in the visit for some users. */}
            <span>{copy.document.label}</span>
            <Tag>{t(`entity.signature/signed.values.status.${copy.status}`)}</Tag>
            {copy.signedAt && (
              <Typography.Text type="secondary">{formatDateTime(copy.signedAt)}</Typography.Text>
            )}
            {copy.status === 'SIGNED' && (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                data-testid="visit-signature-download"
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
