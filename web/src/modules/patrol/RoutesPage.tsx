import { patrolRoute, type RefValue } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { OrderedCheckpoints } from './OrderedCheckpoints';
import { TaskList } from './TaskList';
import './patrol.css';

/** /patrol/routes: the rounds, each with its checkpoints in the order they are passed and its tasks. */
export default function RoutesPage() {
  return (
    <CrudPage
      entity={patrolRoute}
      formItems={{
        checkpoints: ({ record, disabled }) => (
          <OrderedCheckpoints
            known={(record?.checkpoints as RefValue[] | undefined) ?? []}
            disabled={disabled}
          />
        ),
        tasks: ({ disabled }) => <TaskList disabled={disabled} />,
      }}
    />
  );
}
