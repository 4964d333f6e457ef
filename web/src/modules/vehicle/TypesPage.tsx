import { vehicleType } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /vehicles/types: kinds of vehicles; a type can require a trailer plate (VEHICLE_ADMIN). */
export default function TypesPage() {
  return <CrudPage entity={vehicleType} />;
}
