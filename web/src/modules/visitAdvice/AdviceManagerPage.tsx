import { useState } from 'react';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { visit, visitAdvice } from '@strazce/contract';
import { toWireDate } from '../../lib/format';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { useGates } from '../../components/gate/gates';
import { useGuardGate } from '../../components/gate/guardGate';
import { AdviceDetail } from './AdviceDetail';
import { AdviceDialog } from './AdviceDialog';
import { AdviceToVisitDialog, usableToday } from './AdviceToVisitDialog';
import { adviceColumns } from './adviceTable';
import './advice.css';

/**
 * /advice/manager: the advices of the site, by default those approved and usable from today on; an
 * approved advice of today becomes a visit at the gate in one action.
 */
export default function AdviceManagerPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { gate } = useGuardGate();
  const canEnter = can(visit.write, visit.module);
  const gates = useGates();
  const [arrival, setArrival] = useState<Row | null>(null);
  const today = toWireDate(new Date());

  return (
    <>
      <CrudPage
        entity={visitAdvice}
        defaultFilters={{ status: 'APPROVED', activeUntil: [today, null] }}
        {...adviceColumns(t)}
        rowActions={[
          {
            key: 'toVisit',
            label: t('advice.toVisit.action'),
            icon: <LoginOutlined />,
            visible: (record) => canEnter && usableToday(record, today ?? ''),
            onClick: (record) => setArrival(record),
          },
        ]}
        dialog={(context) =>
          context.mode === 'preview' && context.record ? (
            <AdviceDetail
              entity={visitAdvice}
              record={context.record}
              onEdit={context.canWrite ? () => context.onSwitch('edit', context.record!) : undefined}
              onClose={context.onClose}
            />
          ) : context.mode !== 'preview' ? (
            <AdviceDialog
              entity={visitAdvice}
              mode={context.mode}
              record={context.record}
              onClose={context.onClose}
            />
          ) : null
        }
      />
      {arrival && (
        <AdviceToVisitDialog
          advice={arrival}
          gate={gate}
          gates={gates.data ?? []}
          onClose={() => setArrival(null)}
        />
      )}
    </>
  );
}
