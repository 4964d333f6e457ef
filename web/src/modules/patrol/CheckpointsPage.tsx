import { patrolCheckpoint } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';

/** /patrol/checkpoints: the places guards pass on their rounds, each known by its tag. */
export default function CheckpointsPage() {
  return <CrudPage entity={patrolCheckpoint} />;
}
