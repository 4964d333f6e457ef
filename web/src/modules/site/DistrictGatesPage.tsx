import { districtGate } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /site/districtgates: the gates of the current site with their district and colour (shown as a swatch). */
export default function DistrictGatesPage() {
  return <CrudPage entity={districtGate} columns={['name', 'district', 'color', 'valid']} />;
}
