import { useTranslation } from 'react-i18next';
import { keyLend } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { DueCell } from './keyCells';
import { useMinuteClock } from '../../lib/useMinuteClock';
import { ExportButton } from '../../components/crud/ExportButton';
import { isOverdue } from '../../lib/overdue';
import './keyRefs';
import './keys.css';

const COLUMNS = [
  'lendDateTime',
  'key',
  'holder',
  'gate',
  'due',
  'afterDue',
  'returned',
  'returnDateTime',
  'returnGate',
  'returnPerson',
  'notes',
  'returnNotes',
];

/**
 * /keys/lendoutshistory: every lend-out, newest first, filtered by key, holder, lend date range and overdue
 * (the columns' filters), with its CSV export; keys still out past due stand out as on the open list.
 */
export default function LendOutsHistoryPage() {
  const { t } = useTranslation();
  const now = useMinuteClock();
  return (
    <CrudPage
      entity={keyLend}
      stateKey="/keys/lendoutshistory"
      readOnly
      columns={COLUMNS}
      columnWidths={{ due: 190 }}
      columnTitles={{ afterDue: t('keys.history.afterDue') }}
      render={{ due: (_, record) => <DueCell lend={record} now={now} /> }}
      rowClassName={(record) => (isOverdue(record, now) ? 'crud-row-danger' : '')}
      rowTestId="key-history-row"
      toolbar={(page) => (
        <ExportButton
          path="/keymanagement/keylend/export"
          listQuery={page.listQuery}
          fileName="key-lendouts-history"
          testId="key-export"
        />
      )}
    />
  );
}
