import { useTranslation } from 'react-i18next';
import { vehicle } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { VehicleDetail } from './lazyVehicleDetail';
import { ExportButton } from '../../components/crud/ExportButton';
import { useDwell, vehicleColumns } from './vehicleCells';
import '../../components/gate/gate.css';
import './vehicles.css';

/**
 * /vehicles/overview: the vehicle movements of the site, newest first, with how long each vehicle and trailer
 * inside has been there (flagged over the site's limit); read-only, the driver's data masked by the server
 * without VIEW_PERSONAL_INFO; CSV export.
 */
export default function VehicleOverviewPage() {
  const { t } = useTranslation();
  const dwell = useDwell();
  return (
    <CrudPage
      entity={vehicle}
      readOnly
      {...vehicleColumns(t, dwell)}
      preview={(record) => <VehicleDetail record={record} />}
      toolbar={(page) => (
        <ExportButton
          path="/vehicle/export"
          listQuery={page.listQuery}
          fileName="vehicles"
          testId="vehicle-export"
        />
      )}
    />
  );
}
