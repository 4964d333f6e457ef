import { kboxOperator } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /kbox/operator: the operators who service the keyboxes with their card and 4-digit PIN (kept hashed). */
export default function OperatorsPage() {
  return <CrudPage entity={kboxOperator} />;
}
