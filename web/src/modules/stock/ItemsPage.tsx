import { useState } from 'react';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { stockItem } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { RecordPreview } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';
import { ItemLevels, ItemLevelsDialog } from './ItemLevels';
import { BelowMinimumTag, CurrentCell } from './stockCells';
import { ExportButton } from '../../components/crud/ExportButton';
import './stockRefs';
import './stock.css';

// The stock and its flag early: they are what a reader of the list looks for.
const COLUMNS = [
  'code',
  'name',
  'current',
  'unit',
  'minimum',
  'belowMinimum',
  'category',
  'type',
  'price',
  'valid',
];

/**
 * /stock/items: the items of the site with their stock in total; those under their minimum (in total or in a
 * warehouse) are flagged and can be filtered. A row's levels show the stock per warehouse, where the stock
 * administrator sets a warehouse's own minimum. Readers (STOCK_USER, STOCK_VIEW) see the same without editing.
 */
export default function ItemsPage() {
  const { t } = useTranslation();
  const [levelsOf, setLevelsOf] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        entity={stockItem}
        stateKey="/stock/items"
        columns={COLUMNS}
        rowTestId="stock-item-row"
        rowClassName={(record) => (record.belowMinimum === true ? 'stock-row-low' : '')}
        render={{
          current: (value, record) => <CurrentCell value={value} below={record.belowMinimum} />,
          belowMinimum: (value) => <BelowMinimumTag below={value} />,
        }}
        columnWidths={{ belowMinimum: 170, name: 220 }}
        rowActions={[
          {
            key: 'levels',
            label: t('stock.levels.action'),
            icon: <ApartmentOutlined />,
            testId: 'stock-item-levels',
            onClick: (record) => setLevelsOf(record),
          },
        ]}
        preview={(record) => (
          <>
            <RecordPreview entity={stockItem} record={record} />
            <h4 className="stock-levels-title">{t('stock.levels.section')}</h4>
            <ItemLevels item={record} />
          </>
        )}
        toolbar={(page) => (
          <ExportButton
            path="/stock/item/export"
            listQuery={page.listQuery}
            fileName="stock-items"
            testId="stock-item-export"
          />
        )}
      />
      {levelsOf && <ItemLevelsDialog item={levelsOf} onClose={() => setLevelsOf(null)} />}
    </>
  );
}
