import { doorGroup } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /keys/doorgroups: groups of doors (a floor, a building). */
export default function DoorGroupsPage() {
  return <CrudPage entity={doorGroup} />;
}
