import { logisticsRamp } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /logistics/ramps: the ramps (docks) of the site a transport is loaded or unloaded at. */
export default function RampsPage() {
  return <CrudPage entity={logisticsRamp} />;
}
