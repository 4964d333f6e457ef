import { visitedPerson } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /visits/visited: the persons visitors come to see (the entry form copies their names). */
export default function VisitedPage() {
  return <CrudPage entity={visitedPerson} />;
}
