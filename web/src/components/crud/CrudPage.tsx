import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  ClearOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Grid, Space, Table, Tag, Typography, theme } from 'antd';
import { IconButton } from '../IconButton';
import type { SorterResult } from 'antd/es/table/interface';
import { StatusMessage } from '../StatusMessage';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FieldDef, RefValue } from '@strazce/contract';
import { ApiError, NetworkError, api } from '../../lib/api';
import { apiErrorText } from '../../lib/apiErrors';
import { formatDate, formatDateTime } from '../../lib/format';
import { useAccess } from '../../lib/session';
import { ColumnChooser } from './ColumnChooser';
import { CrudCards, PhoneFilters } from './CrudCards';
import { CrudDialog, entityQueryKey } from './CrudDialog';
import {
  columnWidth,
  ellipsizes,
  fitColumns,
  grows,
  headerMeasure,
  optionalColumns,
  shownColumns,
  wantedWidth,
  type ColumnSpec,
} from './columnLayout';
import { FieldView } from './FieldView';
import { columnFilter } from './filters';
import { enumLabel, entityTitle, fieldLabel, recordLabel } from './labels';
import { activeFilterCount, buildListQuery, type FilterValue } from './tableState';
import { useLinkedRecord } from './useLinkedRecord';
import { usePageSizeOptions, useTableState } from './useTableState';
import type { DialogMode, Row } from './fieldWire';
import type { CrudPageApi, CrudPageProps, RowAction } from './types';
import './crud.css';

/** How an active filter reads in the chip above the table. */
function useFilterText() {
  const { t } = useTranslation();
  return (props: CrudPageProps, name: string, value: FilterValue): string => {
    const { entity } = props;
    const field = entity.fields[name];
    if (typeof value === 'boolean') return value ? t('crud.yes') : t('crud.no');
    if (Array.isArray(value)) {
      if (field.filter === 'range') {
        const [from, to] = value as [string | null, string | null];
        // A range of numbers (a score) as it is; of dates in the UI's format.
        const shown = (end: string | null) =>
          end === null ? '…' : field.kind === 'int' || field.kind === 'decimal' ? end : formatDate(end);
        return `${shown(from)} – ${shown(to)}`;
      }
      return (value as string[]).map((item) => enumLabel(t, entity, name, item)).join(', ');
    }
    if (typeof value === 'object' && value !== null) return (value as RefValue).label;
    return field.kind === 'enum' ? enumLabel(t, entity, name, String(value)) : String(value);
  };
}

/** A moment whose date and time take the room of any other in the fixed formats (two digits in every part). */
const SAMPLE_MOMENT = '2026-12-28T11:58:58Z';

const COARSE = '(pointer: coarse)';
const subscribeCoarse = (onChange: () => void) => {
  const query = window.matchMedia?.(COARSE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
/** A touch screen: row buttons get a finger's size (40 px). */
function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribeCoarse, () => window.matchMedia?.(COARSE).matches ?? false);
}

/** A cell cut at its column's width (a badge, a page's own cell) gets its whole text as the hover title. */
function titleWhenCut(event: MouseEvent<HTMLElement>) {
  const cell = event.currentTarget;
  const cut = [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].some(
    (element) => element.scrollWidth > element.clientWidth + 1,
  );
  if (cut) cell.title = cell.innerText.replace(/\s+/g, ' ').trim();
  else cell.removeAttribute('title');
}

/** An element's inner width, followed as it changes (the room of a table in its card); 0 until measured. */
function useElementWidth(): [(element: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** The width of the table's expand button column (Ant Design's own). */
const EXPAND_WIDTH = 48;

/** The width of a row action button: an icon button, or a finger's target on touch screens. */
const actionWidth = (coarse: boolean) => (coarse ? 40 : 28);

/**
 * The generic list screen of an entity declared in the contract: a server-paged, sortable, filterable
 * table whose state is kept per screen, and the dialogs create, edit, clone, preview and delete. Buttons
 * that change data show only to users holding the entity's write roles.
 */
export function CrudPage(props: CrudPageProps) {
  const { entity } = props;
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const { can } = useAccess();
  const canWrite = can(entity.write, entity.module) && !props.readOnly;
  const canCreate = canWrite && !props.noCreate;
  // Records that must be kept (movements, advices) name fewer roles that may delete them than may write them.
  const canDelete = canWrite && can(entity.delete, entity.module);
  const offered =
    props.columns ??
    entity.fieldNames.filter((name) => entity.fields[name].list && !entity.fields[name].writeOnly);
  const table = useTableState(props.stateKey ?? `${pathname}:${entity.resource}`, entity, {
    sort: props.defaultSort,
    filters: props.defaultFilters,
    hidden: props.optionalColumns ?? optionalColumns(offered, entity.fields),
  });
  const { state, setState, setFilter } = table;
  const pageSizeOptions = usePageSizeOptions();
  const [dialog, setDialog] = useState<{ mode: DialogMode; record: Row | null } | null>(null);
  const filterText = useFilterText();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const coarse = useCoarsePointer();
  const { token } = theme.useToken();
  const measure = useMemo(
    () => headerMeasure(`${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`),
    [token.fontWeightStrong, token.fontSize, token.fontFamily],
  );
  const measureBody = useMemo(
    () => headerMeasure(`${token.fontSize}px ${token.fontFamily}`),
    [token.fontSize, token.fontFamily],
  );

  const [tableBox, tableWidth] = useElementWidth();
  const listQuery = useMemo(() => buildListQuery(entity, state), [entity, state]);
  const list = useQuery({
    // Every input of the request is in the key: two pages of one entity with their own fixed conditions (the
    // waiting documents and the archive) must never share a cached list.
    queryKey: [...entityQueryKey(entity), 'list', listQuery, props.listPath ?? null, props.apiQuery ?? null],
    queryFn: ({ signal }) =>
      api.list<Row>(
        props.listPath ?? `/${entity.resource}`,
        { ...listQuery, ...props.apiQuery },
        // A list that refreshes itself shows a lost network itself (keeping the last rows), not every 30 s.
        { signal, quietNetwork: props.refetchInterval !== undefined },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  // After deletes or a narrower filter the remembered page may be past the end: go to the last one.
  useEffect(() => {
    if (list.data && list.data.rows.length === 0 && list.data.total > 0 && state.page > 1)
      setState((previous) => ({
        ...previous,
        page: Math.max(1, Math.ceil(list.data.total / previous.size)),
      }));
  }, [list.data, state.page, setState]);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: entityQueryKey(entity) }),
    [queryClient, entity],
  );
  const linked = useLinkedRecord(entity, props.linkParam, props.apiQuery);
  const openLinked = linked.open;
  const open = useCallback(
    (mode: DialogMode, record: Row | null = null) => {
      if (props.linkParam && mode === 'preview' && record) openLinked(record);
      else setDialog({ mode, record });
    },
    [props.linkParam, openLinked],
  );
  const closeLinked = linked.close;
  const closeDialog = useCallback(() => {
    setDialog(null);
    closeLinked();
  }, [closeLinked]);
  // A link named a record that is gone (or another site's): say so, and show the list.
  useEffect(() => {
    if (!linked.error) return;
    const code = linked.error instanceof ApiError ? linked.error.code : null;
    if (code === 'NOT_FOUND') message.warning(t('crud.errors.gone'));
    else message.error(apiErrorText(linked.error as ApiError | NetworkError, t));
    closeLinked();
  }, [linked.error, closeLinked, message, t]);
  const shownDialog: { mode: DialogMode; record: Row | null } | null =
    dialog ?? (linked.record ? { mode: 'preview', record: linked.record } : null);
  const page: CrudPageApi = useMemo(
    () => ({ refresh, open, canWrite, listQuery }),
    [refresh, open, canWrite, listQuery],
  );
  const editable = (record: Row) => props.rowEditable?.(record) ?? true;

  const confirmDelete = (record: Row) => {
    modal.confirm({
      title: t('crud.deleteTitle'),
      content: t('crud.deleteConfirm', { label: recordLabel(entity, record) }),
      okText: t('crud.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await api.delete(`/${entity.resource}/${record.id}`, { silent: true, query: props.apiQuery });
          message.success(t('crud.deleted'));
        } catch (error) {
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'DATA_INTEGRITY') message.error(t('crud.errors.inUse'));
          else if (code === 'NOT_FOUND') message.warning(t('crud.errors.gone'));
          else message.error(apiErrorText(error as ApiError | NetworkError, t));
        }
        refresh();
      },
    });
  };

  const builtInActions: RowAction[] = [
    {
      key: 'preview',
      label: t('crud.action.preview'),
      icon: <EyeOutlined />,
      onClick: (record) => open('preview', record),
    },
    ...(canWrite
      ? [
          {
            key: 'edit',
            label: t('crud.action.edit'),
            icon: <EditOutlined />,
            visible: editable,
            onClick: (record: Row) => open('edit', record),
          },
          ...(canCreate
            ? [
                {
                  key: 'clone',
                  label: t('crud.action.clone'),
                  icon: <CopyOutlined />,
                  onClick: (record: Row) => open('clone', record),
                },
              ]
            : []),
          ...(canDelete
            ? [
                {
                  key: 'delete',
                  label: t('crud.action.delete'),
                  icon: <DeleteOutlined />,
                  danger: true,
                  visible: editable,
                  onClick: confirmDelete,
                },
              ]
            : []),
        ]
      : []),
  ];
  const actions = [...builtInActions, ...(props.rowActions ?? [])];

  const columnNames = shownColumns(offered, state.hidden);
  const titleOf = (name: string): ReactNode => props.columnTitles?.[name] ?? fieldLabel(t, entity, name);
  const cell = (name: string, record: Row) => {
    const custom = props.render?.[name];
    return custom ? (
      custom(record[name], record)
    ) : (
      <FieldView entity={entity} name={name} value={record[name]} compact />
    );
  };
  const rowActions = (record: Row, large: boolean) =>
    actions
      .filter((action) => action.visible?.(record, page) ?? true)
      .map((action) => (
        <IconButton
          key={action.key}
          label={action.label}
          type="text"
          size={large ? 'large' : 'small'}
          danger={action.danger}
          icon={action.icon}
          data-action={action.key}
          data-testid={action.testId}
          onClick={(event) => {
            event.stopPropagation();
            action.onClick(record, page);
          }}
        />
      ));
  const actionsWidth = 20 + actionWidth(coarse) * actions.length;
  const fixedWidth = actionsWidth + (props.expandedRow ? EXPAND_WIDTH : 0);
  // Each column's own width (its content's, never less than its header's), then fitted to the table's room.
  const fieldOf = (name: string) => entity.fields[name] as FieldDef | undefined;
  // What a cell shows as text where it is known ahead (unless the page draws the cell itself): an enum's
  // translated labels, a date's or a date-time's fixed format (its digits are of one width in the app's fonts).
  const valuesWidth = (name: string) => {
    const field = fieldOf(name);
    if (!field || props.render?.[name]) return undefined;
    if (field.kind === 'enum' && field.values)
      return Math.max(...field.values.map((value) => measureBody(enumLabel(t, entity, name, value))));
    if (field.kind === 'datetime') return measureBody(formatDateTime(SAMPLE_MOMENT));
    if (field.kind === 'date') return measureBody(formatDate(SAMPLE_MOMENT));
    return undefined;
  };
  const specs = columnNames.map((name): ColumnSpec => {
    const title = titleOf(name);
    return {
      title: typeof title === 'string' ? title : null,
      sortable: !!fieldOf(name)?.sort,
      filterable: !!fieldOf(name)?.filter,
      width: props.columnWidths?.[name],
      field: fieldOf(name),
      valuesWidth: valuesWidth(name),
    };
  });
  const widths = fitColumns(
    specs.map((spec) => columnWidth(spec, measure)),
    columnNames.map((name) => !props.render?.[name] && grows(fieldOf(name))),
    tableWidth - fixedWidth,
    specs.map((spec) => wantedWidth(spec, measure)),
  );
  const dataColumns: ColumnsType<Row> = columnNames.map((name, index) => {
    // A column of the page's own (no field of the entity) is neither sorted nor filtered.
    const field = fieldOf(name);
    const title = titleOf(name);
    const custom = props.render?.[name] !== undefined;
    return {
      key: name,
      dataIndex: name,
      title,
      width: widths[index],
      // A text cell cuts itself to the width (with a tooltip); any other cell is cut at its column (never running
      // into the next one) and shows its whole text on hover. The header never needs to be cut.
      ellipsis: { showTitle: false },
      onCell: custom || !field || !ellipsizes(field) ? () => ({ onMouseEnter: titleWhenCut }) : undefined,
      align: field?.kind === 'int' || field?.kind === 'decimal' ? ('right' as const) : undefined,
      sorter: field?.sort ? true : undefined,
      sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
      sortOrder:
        state.sort?.field === name
          ? state.sort.direction === 'asc'
            ? ('ascend' as const)
            : ('descend' as const)
          : null,
      ...(field ? columnFilter(entity, name, state.filters[name], setFilter) : {}),
      render: (_: unknown, record: Row) => cell(name, record),
    };
  });
  const columns: ColumnsType<Row> = [
    ...dataColumns,
    {
      key: 'actions',
      title: <span className="crud-sr-only">{t('crud.actions')}</span>,
      fixed: 'end' as const,
      width: actionsWidth,
      align: 'right' as const,
      render: (_: unknown, record: Row) => (
        <Space size={0} className="crud-row-actions">
          {rowActions(record, coarse)}
        </Space>
      ),
    },
  ];
  // Every column keeps its width: a table wider than its card scrolls inside it, never clipping a column.
  const scrollWidth = widths.reduce((sum, width) => sum + width, fixedWidth);
  const openRow = (record: Row) => open(canWrite && editable(record) ? 'edit' : 'preview', record);

  const filterCount = activeFilterCount(state);

  const emptyText = list.isLoading ? (
    <span />
  ) : filterCount > 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('crud.emptyFiltered')}>
      <Button onClick={() => setState((previous) => ({ ...previous, page: 1, filters: {} }))}>
        {t('crud.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? t('crud.empty')}>
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('create')}>
          {t('crud.createFirst')}
        </Button>
      )}
    </Empty>
  );

  const failure = list.error as ApiError | NetworkError | null;

  return (
    <div className="crud-page">
      {props.title && (
        <Typography.Title level={3} className="crud-title">
          {props.title}
        </Typography.Title>
      )}
      <Card className="crud-card" styles={{ body: { padding: 0 } }}>
        <div className="crud-bar">
          <div className="crud-bar-info">
            <Typography.Text strong className="crud-count" aria-live="polite">
              {list.data ? t('crud.total', { count: total }) : entityTitle(t, entity)}
            </Typography.Text>
            {filterCount > 0 && (
              <>
                <span className="crud-bar-divider" />
                {Object.entries(state.filters).map(([name, value]) => (
                  <Tag
                    key={name}
                    closable
                    onClose={() => setFilter(name, undefined)}
                    className="crud-filter-tag"
                  >
                    <span className="crud-filter-name">{fieldLabel(t, entity, name)}:</span>{' '}
                    {filterText(props, name, value)}
                  </Tag>
                ))}
                <Button
                  type="link"
                  size="small"
                  icon={<ClearOutlined />}
                  onClick={() => setState((previous) => ({ ...previous, page: 1, filters: {} }))}
                >
                  {t('crud.clearFilters')}
                </Button>
              </>
            )}
          </div>
          <Space wrap className="crud-toolbar">
            {props.toolbar?.(page)}
            {phone && (
              <PhoneFilters
                entity={entity}
                columns={columnNames}
                state={state}
                filterCount={filterCount}
                setFilter={setFilter}
                setSort={(sort) => setState((previous) => ({ ...previous, page: 1, sort }))}
              />
            )}
            <ColumnChooser
              offered={offered.map((name) => ({ name, title: titleOf(name) }))}
              hidden={state.hidden}
              defaultHidden={table.initial.hidden}
              onChange={(hidden) => setState((previous) => ({ ...previous, hidden }))}
              compact={phone}
            />
            <IconButton
              label={t('crud.refresh')}
              icon={<ReloadOutlined spin={list.isFetching && !list.isLoading} />}
              onClick={refresh}
            />
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open('create')}>
                {t('crud.action.create')}
              </Button>
            )}
          </Space>
        </div>
        {failure && list.data && (
          <Alert
            type="error"
            showIcon
            banner
            title={t('crud.errors.loadStale', { error: apiErrorText(failure, t) })}
          />
        )}
        {failure && !list.data ? (
          <StatusMessage
            title={t('crud.errors.load')}
            detail={apiErrorText(failure, t)}
            extra={
              <Button type="primary" onClick={() => void list.refetch()}>
                {t('crud.retry')}
              </Button>
            }
          />
        ) : phone ? (
          <CrudCards
            columns={columnNames.map((name) => ({
              name,
              title: titleOf(name),
              render: (record) => cell(name, record),
            }))}
            rows={rows}
            loading={list.isLoading || list.isPlaceholderData}
            empty={emptyText}
            actions={(record) => rowActions(record, true)}
            onOpen={openRow}
            state={state}
            total={total}
            rowTestId={props.rowTestId}
            rowClassName={props.rowClassName}
            onPage={(current, size) =>
              setState((previous) => ({ ...previous, size, page: size !== previous.size ? 1 : current }))
            }
          />
        ) : (
          <div ref={tableBox}>
            <Table<Row>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={list.isLoading || list.isPlaceholderData}
              tableLayout="fixed"
              scroll={{ x: scrollWidth }}
              locale={{ emptyText }}
              showSorterTooltip={false}
              rowClassName={props.rowClassName}
              expandable={props.expandedRow ? { expandedRowRender: props.expandedRow } : undefined}
              onRow={(record) =>
                ({
                  onDoubleClick: () => openRow(record),
                  'data-testid': props.rowTestId,
                }) as HTMLAttributes<HTMLElement>
              }
              onChange={(pagination, _filters, sorter, extra) => {
                if (extra.action === 'paginate') {
                  setState((previous) => {
                    const size = pagination.pageSize ?? previous.size;
                    return {
                      ...previous,
                      size,
                      page: size !== previous.size ? 1 : (pagination.current ?? 1),
                    };
                  });
                } else if (extra.action === 'sort') {
                  const single = sorter as SorterResult<Row>;
                  const field = String(single.columnKey ?? single.field ?? '');
                  setState((previous) => ({
                    ...previous,
                    page: 1,
                    sort:
                      single.order && field
                        ? { field, direction: single.order === 'ascend' ? 'asc' : 'desc' }
                        : null,
                  }));
                }
              }}
              pagination={{
                current: state.page,
                pageSize: state.size,
                total,
                showSizeChanger: true,
                pageSizeOptions,
                showTotal: (count, [from, to]) => t('crud.range', { from, to, count }),
                placement: ['bottomEnd'],
              }}
            />
          </div>
        )}
      </Card>

      {shownDialog &&
        props.dialog?.({
          mode: shownDialog.mode,
          record: shownDialog.record,
          canWrite,
          onClose: closeDialog,
          onSwitch: (mode, record) => setDialog({ mode, record }),
        })}
      {shownDialog && !props.dialog && (
        <CrudDialog
          key={`${shownDialog.mode}:${shownDialog.record?.id ?? 'new'}`}
          entity={entity}
          mode={shownDialog.mode}
          record={shownDialog.record}
          canWrite={canWrite}
          onClose={closeDialog}
          onSwitch={(mode, record) => setDialog({ mode, record })}
          formItems={props.formItems}
          formTabs={props.formTabs}
          formSections={props.formSections}
          wideFields={props.wideFields}
          dialogWidth={props.dialogWidth}
          fieldVisible={props.fieldVisible}
          preview={props.preview}
          apiQuery={props.apiQuery}
          createValues={props.createValues}
          confirmWarning={props.confirmWarning}
          formWarning={props.formWarning}
        />
      )}
    </div>
  );
}
