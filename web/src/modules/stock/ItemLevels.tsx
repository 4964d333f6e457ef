import type { ReactElement } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { stockLevel, type Entity } from '@strazce/contract';
import { CrudPage } from '../../components/crud/CrudPage';
import { FieldInput } from '../../components/crud/FieldInput';
import type { Row } from '../../components/crud/fieldWire';
import type { FormItemContext } from '../../components/crud/types';
import { BelowMinimumTag, CurrentCell, itemLabel, refLabel } from './stockCells';

/** Levels are kept as long as their item: edited (their minimum), never deleted (the server has no delete). */
const LEVEL: Entity = { ...stockLevel, delete: [] };

/** A reference the dialog shows but does not let change (the item of its levels; a level's warehouse). */
function Fixed({ text }: { text: string }) {
  return <Typography.Text strong>{text}</Typography.Text>;
}

/**
 * The stock of one item per warehouse (`/api/stock/item/level?item=`): the current stock and a minimum of each
 * warehouse's own, set by the stock administrator (a new level for a warehouse without movements yet).
 */
export function ItemLevels({ item }: { item: Row }) {
  const itemRef = { id: item.id, label: itemLabel(item) };
  const warehouse = (context: FormItemContext): ReactElement =>
    context.mode === 'edit' ? (
      <Fixed text={refLabel(context.record?.warehouse)} />
    ) : (
      <FieldInput entity={stockLevel} name="warehouse" mode={context.mode} record={context.record} />
    );
  return (
    <CrudPage
      entity={LEVEL}
      stateKey="stock-item-levels"
      apiQuery={{ item: String(item.id) }}
      columns={['warehouse', 'current', 'minimum', 'belowMinimum']}
      createValues={{ item: itemRef }}
      rowTestId="stock-level-row"
      columnWidths={{ warehouse: 200, belowMinimum: 150 }}
      rowClassName={(record) => (record.belowMinimum === true ? 'stock-row-low' : '')}
      render={{
        current: (value, record) => <CurrentCell value={value} below={record.belowMinimum} />,
        belowMinimum: (value) => <BelowMinimumTag below={value} />,
      }}
      formItems={{ item: () => <Fixed text={itemRef.label} />, warehouse }}
    />
  );
}

/** The dialog of an item's levels per warehouse (a row action of the items). */
export function ItemLevelsDialog({ item, onClose }: { item: Row; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('stock.levels.title', { item: itemLabel(item) })}
      width={960}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('crud.close')}
        </Button>
      }
      destroyOnHidden
    >
      <ItemLevels item={item} />
    </Modal>
  );
}
