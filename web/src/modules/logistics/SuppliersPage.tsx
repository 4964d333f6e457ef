import { logisticsSupplier } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/**
 * /logistics/suppliers: the suppliers of the transports (kept by the logistics administrator and by who
 * records transports).
 */
export default function SuppliersPage() {
  return <CrudPage entity={logisticsSupplier} />;
}
