import { useTranslation } from 'react-i18next';
import { patrolInstance } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { DurationCell, ScoreBadge } from './patrolInstanceCells';
import { PatrolInstanceDetail } from './PatrolInstanceDetail';
import './patrolRefs';
import './patrol.css';

/**
 * /patrol/archive: the finished patrols, newest first, filtered by when they started, route and guard (the
 * columns' filters); each with its length, its score as a coloured badge and its incidents. A row opens the
 * patrol's timeline and integrity (`?instance=<id>` names it, so a link from an incident opens it).
 */
export default function PatrolArchivePage() {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={patrolInstance}
      stateKey="/patrol/archive"
      readOnly
      apiQuery={{ inProgress: 'false' }}
      linkParam="instance"
      rowTestId="patrol-row"
      columns={['route', 'guard', 'started', 'finished', 'duration', 'score', 'incidentCount']}
      columnTitles={{ duration: t('patrolInstance.column.duration') }}
      // Names of routes and guards are cut (their whole in a tooltip): every column fits a desktop's card.
      columnWidths={{ route: 170, guard: 160, duration: 110 }}
      render={{
        duration: (_, record) => <DurationCell record={record} />,
        score: (value) => <ScoreBadge score={value} />,
      }}
      dialog={({ record, onClose }) =>
        record && <PatrolInstanceDetail key={String(record.id)} record={record} onClose={onClose} />
      }
    />
  );
}
