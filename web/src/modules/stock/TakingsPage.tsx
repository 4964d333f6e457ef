import { stockTaking } from '@strazce/contract';
import { CrudDialog } from '../../components/crud/CrudDialog';
import { CrudPage } from '../../components/crud/CrudPage';
import { TakingDetail, TakingStatus, isClosed } from './TakingDetail';
import './stockRefs';
import './stock.css';

/**
 * /stock/takings (STOCK_ADMIN): the stock takings, newest first. A new one gets its name, note and warehouse
 * here; a row opens the taking with its counted lines, its close and its variance report. A closed taking can
 * no longer be edited or deleted.
 */
export default function TakingsPage() {
  return (
    <CrudPage
      entity={stockTaking}
      stateKey="/stock/takings"
      columns={['name', 'warehouse', 'created', 'closed', 'lineCount', 'user', 'note']}
      rowTestId="stock-taking-row"
      rowEditable={(record) => !isClosed(record)}
      columnWidths={{ closed: 210 }}
      render={{ closed: (_, record) => <TakingStatus taking={record} /> }}
      dialog={(context) =>
        context.record && context.mode !== 'clone' ? (
          <TakingDetail
            key={context.record.id}
            record={context.record}
            canWrite={context.canWrite}
            onClose={context.onClose}
          />
        ) : (
          <CrudDialog
            entity={stockTaking}
            mode={context.mode}
            record={context.record}
            canWrite={context.canWrite}
            onClose={context.onClose}
            onSwitch={context.onSwitch}
          />
        )
      }
    />
  );
}
