import { vehicleAdviceCategory } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /vehicleadvice/categories: the categories a vehicle advice is filed under (VEHICLE_ADVICE_ADMIN). */
export default function VehicleAdviceCategoriesPage() {
  return <CrudPage entity={vehicleAdviceCategory} />;
}
