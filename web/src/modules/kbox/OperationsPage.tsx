import { kboxOperation } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /kbox/operation: what the lockers reported, newest first — deposits, pick-ups and service operations. */
export default function OperationsPage() {
  return <CrudPage entity={kboxOperation} readOnly noCreate />;
}
