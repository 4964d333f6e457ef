import { PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { stockTakingLine, type RefValue } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/crud/fieldWire';
import { UnitsCell } from './stockCells';

/**
 * The counted lines of a stock taking (`/api/stock/taking/line?taking=`): item, warehouse and the quantity
 * found, added, changed and removed while the taking is open; after its close they are read-only with their
 * expected quantity and difference.
 */
export function TakingLines({ taking, closed }: { taking: Row; closed: boolean }) {
  const { t } = useTranslation();
  const takingRef: RefValue = { id: taking.id, label: String(taking.name ?? '') };
  return (
    <CrudPage
      entity={stockTakingLine}
      stateKey="stock-taking-lines"
      apiQuery={{ taking: String(taking.id) }}
      columns={
        closed ? ['item', 'warehouse', 'counted', 'expected', 'difference'] : ['item', 'warehouse', 'counted']
      }
      readOnly={closed}
      noCreate
      createValues={{ taking: takingRef, warehouse: taking.warehouse ?? null }}
      formItems={{ taking: () => <Typography.Text strong>{takingRef.label}</Typography.Text> }}
      rowTestId="stock-taking-line"
      render={{ difference: (value) => <UnitsCell value={value} /> }}
      emptyText={t('stock.taking.noLines')}
      toolbar={(page) =>
        page.canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => page.open('create')}
            data-testid="stock-taking-line-add"
          >
            {t('stock.taking.addLine')}
          </Button>
        )
      }
    />
  );
}
