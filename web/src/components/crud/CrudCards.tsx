import { useState, type ReactNode } from 'react';
import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Pagination, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@strazce/contract';
import { cardTitleColumns } from './columnLayout';
import { FilterEditor } from './filters';
import { fieldLabel } from './labels';
import { usePageSizeOptions } from './useTableState';
import type { Row } from './fieldWire';
import type { FilterValue, TableState } from './tableState';

/** A column as the card list shows it: its title and its cell. */
export interface CardColumn {
  name: string;
  title: ReactNode;
  render(record: Row): ReactNode;
}

/** The most fields a card shows under its title (the column chooser picks which). */
const CARD_FIELDS = 6;

interface CrudCardsProps {
  columns: CardColumn[];
  rows: Row[];
  loading: boolean;
  empty: ReactNode;
  /** The buttons of a row (large enough for a finger). */
  actions(record: Row): ReactNode;
  onOpen(record: Row): void;
  state: TableState;
  total: number;
  onPage(page: number, size: number): void;
  /** `data-testid` of every card. */
  rowTestId?: string;
  /** A class of a card (the page's `rowClassName`: a record needing attention in red). */
  rowClassName?(record: Row): string;
}

/**
 * A list on a phone: one card per record, its first column as the title (a person's full name when the list
 * has both parts: `cardTitleColumns`), the other columns as labelled lines, and the row actions as large buttons.
 */
export function CrudCards({
  columns,
  rows,
  loading,
  empty,
  actions,
  onOpen,
  state,
  total,
  onPage,
  rowTestId,
  rowClassName,
}: CrudCardsProps) {
  const { t } = useTranslation();
  const pageSizeOptions = usePageSizeOptions();
  const titleNames = cardTitleColumns(columns.map((column) => column.name));
  const title = titleNames.flatMap((name) => columns.filter((column) => column.name === name));
  const rest = columns.filter((column) => !titleNames.includes(column.name));
  return (
    <Spin spinning={loading}>
      <div className="crud-cards" data-testid="crud-cards">
        {rows.length === 0 && <div className="crud-cards-empty">{empty}</div>}
        {rows.map((record) => (
          <article
            key={record.id}
            className={['crud-card-item', rowClassName?.(record)].filter(Boolean).join(' ')}
            data-row-key={record.id}
            data-testid={rowTestId}
          >
            {title.length > 0 && (
              <button type="button" className="crud-card-title" onClick={() => onOpen(record)}>
                {title.map((column, index) => (
                  <span key={column.name}>
                    {index > 0 && ' '}
                    {column.render(record)}
                  </span>
                ))}
              </button>
            )}
            {rest.length > 0 && (
              <dl className="crud-card-fields">
                {rest.slice(0, CARD_FIELDS).map((column) => (
                  <div key={column.name} className="crud-card-field">
                    <dt>{column.title}</dt>
                    <dd>{column.render(record)}</dd>
                  </div>
                ))}
              </dl>
            )}
            <div className="crud-card-actions">{actions(record)}</div>
          </article>
        ))}
        {total > 0 && (
          <Pagination
            className="crud-cards-pagination"
            current={state.page}
            pageSize={state.size}
            total={total}
            showSizeChanger
            pageSizeOptions={pageSizeOptions}
            showTotal={(count, [from, to]) => t('crud.range', { from, to, count })}
            onChange={onPage}
            size="small"
          />
        )}
      </div>
    </Spin>
  );
}

interface PhoneFiltersProps {
  entity: Entity;
  /** The columns shown (their sortable and filterable fields are offered). */
  columns: string[];
  state: TableState;
  filterCount: number;
  setFilter(name: string, value: FilterValue | undefined): void;
  setSort(sort: TableState['sort']): void;
}

/** Sort and filters of the card list, in a panel from the bottom of the screen (the table has them in its headers). */
export function PhoneFilters({ entity, columns, state, filterCount, setFilter, setSort }: PhoneFiltersProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const sortable = columns.filter((name) => entity.fields[name]?.sort);
  const filterable = columns.filter((name) => entity.fields[name]?.filter);
  if (sortable.length === 0 && filterable.length === 0) return null;
  const sortValue = state.sort ? `${state.sort.field},${state.sort.direction}` : '';
  return (
    <>
      <Badge count={filterCount} size="small">
        <Button
          icon={<FilterOutlined />}
          aria-label={t('crud.filters')}
          onClick={() => setOpen(true)}
          data-testid="crud-phone-filters"
        />
      </Badge>
      <Drawer
        open={open}
        placement="bottom"
        title={t('crud.filters')}
        onClose={() => setOpen(false)}
        className="crud-phone-filters"
        styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
      >
        {sortable.length > 0 && (
          <div className="crud-phone-filter">
            <Typography.Text strong>{t('crud.sortBy')}</Typography.Text>
            <Select
              style={{ width: '100%' }}
              value={sortValue}
              onChange={(value: string) => {
                const [field, direction] = value.split(',');
                setSort(field ? { field, direction: direction as 'asc' | 'desc' } : null);
              }}
              options={[
                { value: '', label: t('crud.sortNone') },
                ...sortable.flatMap((name) =>
                  (['asc', 'desc'] as const).map((direction) => ({
                    value: `${name},${direction}`,
                    label: `${fieldLabel(t, entity, name)} – ${t(direction === 'asc' ? 'crud.sortAsc' : 'crud.sortDesc')}`,
                  })),
                ),
              ]}
            />
          </div>
        )}
        {filterable.map((name) => (
          <div key={name} className="crud-phone-filter crud-filter">
            <Typography.Text strong>{fieldLabel(t, entity, name)}</Typography.Text>
            <FilterEditor
              entity={entity}
              name={name}
              value={state.filters[name]}
              apply={(value) => setFilter(name, value)}
            />
          </div>
        ))}
      </Drawer>
    </>
  );
}
