import type { IncidentModule } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { incidentEntitiesOf, moduleQuery } from './incidentEntities';

/** The incident types of one module (/keys/incidenttypes, /stock/incidenttypes; patrols: a tab of its incidents). */
export function IncidentTypesPage({ module }: { module: IncidentModule }) {
  return (
    <CrudPage
      entity={incidentEntitiesOf(module).incidentType}
      apiQuery={moduleQuery(module)}
      stateKey={`incident/type:${module}`}
      columns={['name', 'notify', 'notificationEmails', 'valid']}
    />
  );
}
