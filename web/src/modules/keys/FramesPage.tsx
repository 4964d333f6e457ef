import { keyFrame } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /keys/frames: the key cabinets (frames) of the current site, where keys hang. */
export default function FramesPage() {
  return <CrudPage entity={keyFrame} />;
}
