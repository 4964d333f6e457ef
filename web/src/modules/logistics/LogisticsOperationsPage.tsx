import { logisticsOperation } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/**
 * /logistics/logisticsOperations: what is done with the goods of a transport (unloading, loading,
 * inspection), with whom to notify of a new transport.
 */
export default function LogisticsOperationsPage() {
  return <CrudPage entity={logisticsOperation} />;
}
