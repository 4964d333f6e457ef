import { useTranslation } from 'react-i18next';
import { logisticsTransport } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { RecordPreview } from '../../components/crud/CrudDialog';
import { transportTabs, useTransportActions } from './transportActions';
import { ColoredTag, WaitingTag } from './transportCells';
import { TransportLog } from './TransportLog';
import './logisticsRefs';
import './logistics.css';

// Where the transport is first: a narrow screen shows them before it scrolls.
const COLUMNS = [
  'datetimeArrive',
  'licencePlate',
  'status',
  'waiting',
  'supplier',
  'type',
  'ramp',
  'entry',
  'leave',
  'operation',
  'logisticsOperations',
  'spedition',
  'driverFirstName',
  'driverLastName',
  'phone',
  'documentType',
  'documentNumber',
  'cardNumber',
  'cancelled',
  'note',
];

/**
 * /logistics/transports: every transport of the site, newest arrival first, filtered by the columns; a row
 * expands to its operation log. 'Vytvořit záznam' for LOGISTICS_CREATE, 'Provést operaci' and 'Upravit operaci'
 * by the workflow, cancel for LOGISTICS_CANCEL; the logistics administrator corrects and deletes records.
 */
export default function TransportsPage() {
  const { t } = useTranslation();
  const actions = useTransportActions();
  return (
    <>
      <CrudPage
        entity={logisticsTransport}
        columns={COLUMNS}
        // Transports are created by 'Vytvořit záznam' (LOGISTICS_CREATE), not by the administrator's form.
        noCreate
        toolbar={() => actions.createButton}
        rowActions={actions.rowActions}
        rowTestId="logistics-transport-row"
        rowClassName={(record) => (record.cancelled ? 'logistics-row-cancelled' : '')}
        render={{
          status: (value) => (
            <ColoredTag
              value={value}
              color={actions.looks.get((value as { id: number } | null)?.id ?? -1)?.color}
            />
          ),
          operation: (value) => <ColoredTag value={value} />,
          waiting: (value) => <WaitingTag value={value} />,
        }}
        columnWidths={{ status: 130, operation: 150, waiting: 120 }}
        formTabs={transportTabs(t)}
        dialogWidth={820}
        expandedRow={(record) => <TransportLog transport={record.id} />}
        preview={(record) => (
          <>
            <RecordPreview entity={logisticsTransport} record={record} />
            <TransportLog transport={record.id} />
          </>
        )}
      />
      {actions.dialogs}
    </>
  );
}
