import { vehicleForwarder } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /vehicles/forwarders: the carriers whose vehicles come to the site (VEHICLE_ADMIN). */
export default function ForwardersPage() {
  return <CrudPage entity={vehicleForwarder} />;
}
