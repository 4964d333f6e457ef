import { door } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /keys/doors: the doors of the site with the door groups each belongs to. */
export default function DoorsPage() {
  return <CrudPage entity={door} columns={['name', 'groups', 'description', 'valid']} />;
}
