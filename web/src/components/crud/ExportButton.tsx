import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { toWireDate } from '../../lib/format';
import { useDownload } from '../useDownload';

/**
 * The CSV button of a list: the server's export (`path`, in the app's language) of the rows as the list shows
 * them — its filters and sort (`listQuery` without the page) and the list's own query — saved as
 * `<fileName>-<today>.csv`. A failure is reported by `useDownload`.
 */
export function ExportButton({
  path,
  listQuery,
  query,
  fileName,
  testId,
}: {
  /** API path of the export (`/visit/export`). */
  path: string;
  /** The list's query as shown (`CrudPageApi.listQuery`); its page and size are left out. */
  listQuery?: Record<string, string | number>;
  /** The list's own query (open lend-outs: `returned=false`). */
  query?: Record<string, string>;
  fileName: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const download = useDownload();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      data-testid={testId}
      onClick={async () => {
        const { page: _page, size: _size, ...filters } = listQuery ?? {};
        setExporting(true);
        await download(path, `${fileName}-${toWireDate(new Date())}.csv`, { ...filters, ...query });
        setExporting(false);
      }}
    >
      {t('crud.export')}
    </Button>
  );
}
