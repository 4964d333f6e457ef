import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError, api } from '../../app/api';
import { apiErrorText } from '../../app/apiErrors';
import { toWireDate } from '../../app/format';
import type { CrudPageApi } from '../../components/crud/types';

/** Saves the CSV export of the list as shown (its filters and sort) as a file. */
export async function downloadVehicleCsv(query: Record<string, string | number>): Promise<void> {
  const { page: _page, size: _size, ...filters } = query;
  const blob = await api.blob('/vehicle/export', { query: filters, silent: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `vehicles-${toWireDate(new Date())}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The CSV button of the vehicle lists. */
export function VehicleExportButton({ page }: { page: CrudPageApi }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      data-testid="vehicle-export"
      onClick={async () => {
        setExporting(true);
        try {
          await downloadVehicleCsv(page.listQuery);
        } catch (error) {
          message.error(apiErrorText(error as ApiError | NetworkError, t));
        } finally {
          setExporting(false);
        }
      }}
    >
      {t('visits.export')}
    </Button>
  );
}
