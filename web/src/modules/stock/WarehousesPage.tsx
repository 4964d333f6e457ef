import { stockWarehouse } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /stock/warehouses: the warehouses of the site (read by every stock role, kept by the stock administrator). */
export default function WarehousesPage() {
  return <CrudPage entity={stockWarehouse} />;
}
