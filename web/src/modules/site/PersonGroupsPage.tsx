import { personGroup } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import './siteRefs';

/** /site/personGroups: teams of site persons with their members (persons of the current site only). */
export default function PersonGroupsPage() {
  return <CrudPage entity={personGroup} columns={['name', 'description', 'members', 'valid']} />;
}
