import { vehicleMaterial } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /vehicles/material: what vehicles carry (VEHICLE_ADMIN). */
export default function MaterialsPage() {
  return <CrudPage entity={vehicleMaterial} />;
}
