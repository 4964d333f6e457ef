import { stockCategory } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/**
 * /stock/categories: kinds of items — whether a handover document goes with an issue and a return, and how long
 * an item of the category may be lent (the due time of a lending).
 */
export default function CategoriesPage() {
  return <CrudPage entity={stockCategory} />;
}
