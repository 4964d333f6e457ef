import { logisticsStatus } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/**
 * /logistics/statuses: the statuses a transport passes through (the board's columns in their position order,
 * with their colours; a status marked archive ends a transport).
 */
export default function StatusesPage() {
  return <CrudPage entity={logisticsStatus} />;
}
