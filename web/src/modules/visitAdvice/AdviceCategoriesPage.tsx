import { visitAdviceCategory } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /advice/categories: the categories an advice is filed under. */
export default function AdviceCategoriesPage() {
  return <CrudPage entity={visitAdviceCategory} />;
}
