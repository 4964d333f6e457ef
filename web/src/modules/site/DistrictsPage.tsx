import { district } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /site/districts: the districts (areas) of the current site; gates belong to them. */
export default function DistrictsPage() {
  return <CrudPage entity={district} />;
}
