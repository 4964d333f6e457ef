import { useMemo, useState } from 'react';
import { EyeOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RevealedDocuments } from '@strazce/contract';
import { api } from '../../lib/api';
import { useAccess } from '../../lib/session';
import type { Row } from '../crud/fieldWire';
import { Masked, isMasked } from './visitCells';

export interface DocumentReveal {
  /** The record with its document numbers (and its companions') filled in once shown; null without one. */
  record: Row | null;
  /**
   * The document numbers are withheld by the site (DOCUMENT_NUMBERS_ON_REQUEST) from a user who may see them
   * on request, and are not shown yet.
   */
  withheld: boolean;
  /** Asks the server for them (the read is logged); resolves with them, or rejects with the API's error. */
  reveal(): Promise<RevealedDocuments>;
  pending: boolean;
}

const companionsOf = (record: Row | null) => (record?.companions as Row[] | undefined) ?? [];

/** The record with the revealed numbers in place of the masks: its own and its companions' (by id). */
export function withDocuments(record: Row, revealed: RevealedDocuments): Row {
  const documents = new Map(revealed.companions.map((companion) => [companion.id, companion.document]));
  return {
    ...record,
    documentNumber: revealed.documentNumber,
    companions: companionsOf(record).map((companion) => ({
      ...companion,
      document: documents.get(companion.id as number) ?? companion.document,
    })),
  };
}

/**
 * The document numbers of a movement (a visit, a vehicle entry) and of its companions, shown on request where
 * the site withholds them even from VIEW_PERSONAL_INFO: `GET /api/<resource>/:id/documents`, logged by the
 * server as a read of personal data. Without VIEW_PERSONAL_INFO every personal value stays masked.
 */
export function useDocumentReveal(resource: 'visit' | 'vehicle', record: Row | null): DocumentReveal {
  const { can } = useAccess();
  const [revealed, setRevealed] = useState<RevealedDocuments | null>(null);
  const show = useMutation({
    mutationFn: () => api.get<RevealedDocuments>(`/${resource}/${record!.id}/documents`),
    onSuccess: setRevealed,
  });
  const withheld =
    record !== null &&
    revealed === null &&
    can(['VIEW_PERSONAL_INFO']) &&
    (isMasked(record.documentNumber) ||
      companionsOf(record).some((companion) => isMasked(companion.document)));
  const shown = useMemo(
    () => (record && revealed ? withDocuments(record, revealed) : record),
    [record, revealed],
  );
  return { record: shown, withheld, reveal: () => show.mutateAsync(), pending: show.isPending };
}

/** A withheld document number with the control that shows it ('Show', logged). */
export function WithheldDocument({ pending, onShow }: { pending: boolean; onShow(): Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap data-testid="withheld-document">
      <Masked hint={t('privacy.reveal.hint')} />
      <Button
        size="small"
        type="link"
        icon={<EyeOutlined />}
        loading={pending}
        // A refusal is told by the API's error message.
        onClick={() => void onShow().catch(() => undefined)}
        data-testid="reveal-documents"
      >
        {t('privacy.reveal.show')}
      </Button>
    </Space>
  );
}
