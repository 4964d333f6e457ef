import { vehiclePurpose } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /vehicles/entrypurposes: why vehicles come; a purpose can require a trailer plate (VEHICLE_ADMIN). */
export default function EntryPurposesPage() {
  return <CrudPage entity={vehiclePurpose} />;
}
