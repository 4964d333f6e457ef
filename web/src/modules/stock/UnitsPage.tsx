import { stockUnit } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /stock/mu: the measuring units items are counted in (pieces, metres, litres). */
export default function UnitsPage() {
  return <CrudPage entity={stockUnit} />;
}
