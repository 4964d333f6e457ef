import { client } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /admin/clients: browsers authorized as terminals; revoking is switching `authorized` off. */
export default function ClientsPage() {
  return <CrudPage entity={client} />;
}
