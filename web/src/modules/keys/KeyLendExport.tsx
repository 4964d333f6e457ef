import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { toWireDate } from '../../app/format';
import type { CrudPageApi } from '../../components/crud/types';
import { useDownload } from '../../components/useDownload';

/**
 * The CSV button of the lend-out lists: the server's export (`/keymanagement/keylend/export`, in the app's
 * language) of the rows as the list shows them — its filters, its sort and its page's own query (`returned`).
 */
export function KeyLendExportButton({
  page,
  query,
  fileName,
}: {
  page: CrudPageApi;
  /** The page's own query (the open lend-outs' `returned=false`). */
  query?: Record<string, string>;
  fileName: string;
}) {
  const { t } = useTranslation();
  const download = useDownload();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      data-testid="key-export"
      onClick={async () => {
        const { page: _page, size: _size, ...filters } = page.listQuery;
        setExporting(true);
        await download('/keymanagement/keylend/export', `${fileName}-${toWireDate(new Date())}.csv`, {
          ...filters,
          ...query,
        });
        setExporting(false);
      }}
    >
      {t('visits.export')}
    </Button>
  );
}
