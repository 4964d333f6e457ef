import { keyType } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/**
 * /keys/keytypes: kinds of keys — how long a key of the type may be lent (in working time when set: weekends
 * and the site's public holidays do not count) and its workflow (VEHICLE: lent also to drivers).
 */
export default function KeyTypesPage() {
  return <CrudPage entity={keyType} />;
}
