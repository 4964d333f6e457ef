import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { FileDoneOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visit, visitAdvice } from '@strazce/contract';
import { api } from '../../lib/api';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../../lib/withTimeout';
import { useAccess } from '../../lib/session';
import { CrudPage } from '../../components/crud/CrudPage';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { ExportButton } from '../../components/crud/ExportButton';
import { GateActions, GuardConsole, leaveRowActions } from '../../components/gate/GuardConsole';
import { lazyDialog } from '../../lib/lazyDialog';
import { VisitDetail, preloadVisitDetail } from './lazyVisitDetail';
import { VisitDialog } from './VisitDialog';
import { WriteOffDialog } from '../../components/gate/WriteOffDialog';
import { useGateConsole } from '../../components/gate/useGateConsole';
import { visitColumns, visitEntityFor } from './visitTable';
import '../../components/gate/gate.css';

/** An entry from an approved advice: loaded when the guard asks for it (the page's own budget). */
const AdviceToVisitDialog = lazy(() =>
  withTimeout(
    import('../visitAdvice').then((module) => ({ default: module.AdviceToVisitDialog })),
    CHUNK_LOAD_TIMEOUT_MS,
  ),
);

/** The departure dialog: fetched once the console is on screen, not with it. */
const LeaveDialog = lazyDialog(() => import('./LeaveDialog').then((module) => module.LeaveDialog));

type Dialog =
  | { kind: 'entry' | 'departure' | 'advice' }
  | { kind: 'leave'; entry: Row | null }
  | { kind: 'writeOff'; entry: Row };

/**
 * /visits/manager, the guard's console: first the gate the guard signs in to (kept per user), then the
 * movements of the site with the actions 'Zapsat vstup', 'Zapsat odchod', 'Zapsat neevidovaný odchod' and
 * 'Odepsat bez odchodu', an entry from an approved advice, and the CSV export.
 */
export default function VisitManagerPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const { gate, gates, signIn, changeGate, gateDialog } = useGateConsole();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const seesPersonal = can(['VIEW_PERSONAL_INFO']);
  const canWrite = can(visit.write, visit.module);
  const canUseAdvices = canWrite && can(visitAdvice.read, visitAdvice.module);
  useEffect(() => {
    preloadVisitDetail();
    if (canWrite) LeaveDialog.preload();
  }, [canWrite]);
  const entity = useMemo(() => visitEntityFor(seesPersonal), [seesPersonal]);

  const inArea = useQuery({
    queryKey: [...entityQueryKey(visit), 'inAreaCount'],
    queryFn: ({ signal }) => api.list<Row>('/visit/overview', { page: 1, size: 10 }, { signal }),
    enabled: gate !== null,
  });

  if (!gate) return signIn;

  const inAreaEntry = (record: Row) => record.direction === 'IN' && record.inArea === true;

  return (
    <Flex vertical gap={16} className="visits-page" data-testid="visit-manager">
      <GuardConsole
        gate={gate}
        onChangeGate={changeGate}
        inArea={{
          title: t('visits.inAreaNow'),
          value: inArea.data?.total ?? 0,
          loading: inArea.isLoading,
          icon: <UserSwitchOutlined />,
        }}
        actions={
          canWrite ? (
            <GateActions
              testIdPrefix="action-"
              onEntry={() => setDialog({ kind: 'entry' })}
              onLeave={() => setDialog({ kind: 'leave', entry: null })}
              onDeparture={() => setDialog({ kind: 'departure' })}
              more={
                canUseAdvices && (
                  <Button
                    size="large"
                    icon={<FileDoneOutlined />}
                    onClick={() => setDialog({ kind: 'advice' })}
                    data-testid="action-advice"
                  >
                    {t('visits.action.fromAdvice')}
                  </Button>
                )
              }
            />
          ) : undefined
        }
      />

      <CrudPage
        entity={entity}
        stateKey="/visits/manager:visit"
        noCreate
        {...visitColumns(t)}
        rowActions={leaveRowActions(t, inAreaEntry, (kind, entry) => setDialog({ kind, entry }))}
        toolbar={(page) => (
          <ExportButton
            path="/visit/export"
            listQuery={page.listQuery}
            fileName="visits"
            testId="visit-export"
          />
        )}
        dialog={(context) =>
          context.mode === 'edit' && context.record ? (
            <VisitDialog kind="edit" record={context.record} gate={gate} onClose={context.onClose} />
          ) : context.record ? (
            <VisitDetail
              record={context.record}
              onEdit={context.canWrite ? () => context.onSwitch('edit', context.record!) : undefined}
              onClose={context.onClose}
            />
          ) : null
        }
      />

      {(dialog?.kind === 'entry' || dialog?.kind === 'departure') && (
        <VisitDialog kind={dialog.kind} gate={gate} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'leave' && (
        <Suspense fallback={null}>
          <LeaveDialog entry={dialog.entry} gate={gate} gates={gates} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog?.kind === 'writeOff' && <WriteOffDialog entry={dialog.entry} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'advice' && (
        <Suspense fallback={null}>
          <AdviceToVisitDialog advice={null} gate={gate} gates={gates} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {gateDialog}
    </Flex>
  );
}
