import { visitCard } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /visits/card: the visitor cards handed out at the gate. */
export default function CardsPage() {
  return <CrudPage entity={visitCard} />;
}
