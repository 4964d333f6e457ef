import { logisticsTransportType } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /logistics/types: the types of transport (delivery, pick-up, container). */
export default function TypesPage() {
  return <CrudPage entity={logisticsTransportType} />;
}
