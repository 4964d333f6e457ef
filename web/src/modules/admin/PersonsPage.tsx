import { person } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /admin/persons: every person known to the system, with their home site. */
export default function PersonsPage() {
  return <CrudPage entity={person} />;
}
