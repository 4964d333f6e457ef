import { sitePerson } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /site/persons: the persons whose home site is the current site. */
export default function SitePersonsPage() {
  return <CrudPage entity={sitePerson} />;
}
