import { lazy, Suspense, useState } from 'react';
import { ExperimentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { kboxKeybox } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import type { RowAction } from '../../components/crud/types';
import { useTerminalToken } from '../../components/terminalToken';
import { KeyboxFigures } from './KeyboxFigures';
import { StatusTag } from './kboxCells';
import './kbox.css';

// Development only: the simulator is not part of a production build.
const LockerSimulator = import.meta.env.DEV ? lazy(() => import('./LockerSimulator')) : null;

/**
 * /kbox/manager: the site's keyboxes (each a machine terminal whose token is shown once when it is created or
 * renewed) with their status, and their pick-up figures over a date range; in development a simulator drives a
 * keybox's locker API.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const [simulated, setSimulated] = useState<Row | null>(null);
  const { newTokenAction, revokeAction, dialog } = useTerminalToken(kboxKeybox, {
    title: (record) => t('kbox.token.title', { name: String(record.name) }),
    hint: t('kbox.token.hint'),
    testId: 'kbox-token',
  });
  const simulatorAction: RowAction[] = LockerSimulator
    ? [
        {
          key: 'simulator',
          label: t('kbox.simulator.action'),
          icon: <ExperimentOutlined />,
          testId: 'kbox-simulator',
          visible: (_record, page) => page.canWrite,
          onClick: (record) => setSimulated(record),
        },
      ]
    : [];
  return (
    <>
      <CrudPage
        entity={kboxKeybox}
        rowActions={[newTokenAction, revokeAction, ...simulatorAction]}
        dialog={dialog}
        render={{ status: (value) => <StatusTag entity={kboxKeybox} value={value} /> }}
        rowTestId="kbox-keybox-row"
      />
      <KeyboxFigures />
      {LockerSimulator && simulated && (
        <Suspense fallback={null}>
          <LockerSimulator keybox={simulated} onClose={() => setSimulated(null)} />
        </Suspense>
      )}
    </>
  );
}
