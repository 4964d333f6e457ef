import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { VisitDetail } from './lazyVisitDetail';
import { visitColumns, visitEntityFor } from './visitTable';
import '../../components/gate/gate.css';

/** How often the overview asks again: a kiosk's screen on the wall follows the gate without a reload. */
const OVERVIEW_REFRESH_MS = 30_000;

/** /visits/overview: who is in the area now (read-only; also the kiosk's screen), refreshed every 30 s. */
export default function VisitOverviewPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const seesPersonal = can(['VIEW_PERSONAL_INFO']);
  const entity = useMemo(() => visitEntityFor(seesPersonal), [seesPersonal]);
  const columns = visitColumns(t);
  return (
    <div className="visits-page" data-testid="visit-overview">
      <CrudPage
        entity={entity}
        listPath="/visit/overview"
        stateKey="/visits/overview:visit"
        readOnly
        refetchInterval={OVERVIEW_REFRESH_MS}
        {...columns}
        columns={columns.columns!.filter((name) => name !== 'direction')}
        dialog={(context) =>
          context.record ? <VisitDetail record={context.record} onClose={context.onClose} /> : null
        }
      />
    </div>
  );
}
