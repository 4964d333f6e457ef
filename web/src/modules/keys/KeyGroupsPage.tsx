import { keyGroup } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /keys/keygroups: groups of keys; a privilege may name a whole group. */
export default function KeyGroupsPage() {
  return <CrudPage entity={keyGroup} />;
}
