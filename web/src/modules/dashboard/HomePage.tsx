import { useMemo, useState } from 'react';
import { Alert, Button, Card, Dropdown, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { CloseOutlined, EnvironmentOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import {
  DASHBOARD_GRID,
  DASHBOARD_WIDGET_KINDS,
  DASHBOARD_WIDGETS,
  WIDGET_MAX_SIZE,
  WIDGET_MIN_SIZE,
  type DashboardSummary,
  type DashboardWidget,
  type DashboardWidgetKind,
} from '@strazce/contract';
import { canAccess } from '../../lib/access';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { displayName } from '../../components/UserAvatar';
import {
  STACK_BELOW_PX,
  addWidget,
  columnsFor,
  defaultLayout,
  fromGrid,
  isValidLayout,
  readingOrder,
  shownOn,
} from './dashboardGrid';
import { useDashboardLayout } from './useDashboardLayout';
import { WIDGET_ICONS, WidgetBody, type SummaryState } from './widgets';
import './home.css';

/** How often the figures are read again while the home page is open. */
const SUMMARY_REFRESH_MS = 30_000;
const FIGURE_KINDS: readonly DashboardWidgetKind[] = ['visitors', 'vehicles', 'keys', 'keybox'];

type Problem = 'noSpace' | 'tooMany' | 'moveRefused';

/**
 * Home `/`: a welcome line and the user's dashboard of widgets (docs/dashboard.md), kept per user and site.
 * Widgets are added from the menu, dragged by their header and resized by their lower right corner; on a
 * phone they stand in one column.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { session, user, site } = useSession();
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const columns = columnsFor(width);
  const stacked = width < STACK_BELOW_PX;
  const offered = useMemo(
    () =>
      DASHBOARD_WIDGET_KINDS.filter((kind) =>
        canAccess(session, DASHBOARD_WIDGETS[kind].roles, DASHBOARD_WIDGETS[kind].module),
      ),
    [session],
  );
  const siteId = site?.id ?? null;
  const layout = useDashboardLayout(siteId, () => defaultLayout(offered, columns));
  const widgets = siteId === null ? defaultLayout(['profile', 'skipTo'], columns) : layout.widgets;
  const needsSummary = widgets?.some((widget) => FIGURE_KINDS.includes(widget.kind)) ?? false;
  const summaryQuery = useQuery({
    queryKey: ['dashboard', 'summary', siteId],
    queryFn: () => api.get<DashboardSummary>('/dashboard/summary', { silent: true }),
    enabled: siteId !== null && needsSummary,
    refetchInterval: SUMMARY_REFRESH_MS,
  });
  const summary: SummaryState = {
    data: summaryQuery.data,
    isLoading: summaryQuery.isLoading,
    isError: summaryQuery.isError,
    refetch: () => void summaryQuery.refetch(),
  };
  const [problem, setProblem] = useState<Problem | null>(null);
  // A refused move puts the grid back: it is built anew from the kept layout.
  const [revision, setRevision] = useState(0);
  const editable = siteId !== null && widgets !== null;
  // A layout arranged on a wider screen is packed anew for this one (arranging it here saves it so).
  const shown = useMemo(() => (widgets ? shownOn(widgets, columns) : []), [widgets, columns]);

  const add = (kind: DashboardWidgetKind) => {
    if (!widgets) return;
    const added = addWidget(widgets, kind, columns);
    if (!added.ok) return setProblem(added.reason);
    setProblem(null);
    layout.change(added.widgets);
  };
  const remove = (id: string) => {
    if (!widgets) return;
    setProblem(null);
    layout.change(widgets.filter((widget) => widget.id !== id));
  };
  const arranged = (items: Layout) => {
    if (!widgets) return;
    const next = fromGrid(shown, items);
    if (!isValidLayout(next)) {
      setProblem('moveRefused');
      setRevision((value) => value + 1);
      return;
    }
    setProblem(null);
    if (next.some((widget, index) => !sameCells(widget, widgets[index]))) layout.change(next);
  };

  if (!user) return null;
  const frame = (widget: DashboardWidget) => (
    <WidgetFrame
      widget={widget}
      allowed={offered.includes(widget.kind)}
      summary={summary}
      draggable={editable && !stacked}
      onDelete={editable ? () => remove(widget.id) : undefined}
    />
  );

  return (
    <Flex vertical gap={16} data-testid="home">
      <Welcome name={user.person?.firstName ?? displayName(user)} siteName={site?.name ?? t('site.none')} />
      <Flex align="center" justify="space-between" gap={12} wrap>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('home.dashboard.title')}
          </Typography.Title>
          {editable && (
            <Typography.Text type="secondary" className="dashboard-hint">
              {t(stacked ? 'home.dashboard.hintPhone' : 'home.dashboard.hint')}
            </Typography.Text>
          )}
        </div>
        {editable && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: offered.map((kind) => ({
                key: kind,
                icon: WIDGET_ICONS[kind],
                label: <span data-testid={`dashboard-add-${kind}`}>{t(`home.widget.${kind}.title`)}</span>,
              })),
              onClick: ({ key }) => add(key as DashboardWidgetKind),
            }}
          >
            <Button type="primary" icon={<PlusOutlined />} data-testid="dashboard-add">
              {t('home.dashboard.add')}
            </Button>
          </Dropdown>
        )}
      </Flex>
      {problem && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setProblem(null) }}
          data-testid={`dashboard-${problem === 'noSpace' ? 'no-space' : problem === 'tooMany' ? 'too-many' : 'move-refused'}`}
          title={t(`home.dashboard.${problem}`, { count: DASHBOARD_GRID.maxWidgets })}
        />
      )}
      {layout.error && siteId !== null && (
        <Alert
          type="error"
          showIcon
          title={t('home.dashboard.loadFailed')}
          data-testid="dashboard-load-failed"
        />
      )}
      <div ref={containerRef} className="dashboard" data-testid="dashboard">
        {!mounted || (widgets === null && !layout.error) ? (
          <Skeleton active data-testid="dashboard-loading" />
        ) : widgets === null ? null : widgets.length === 0 ? (
          <Card>
            <Empty description={t('home.dashboard.empty')} data-testid="dashboard-empty" />
          </Card>
        ) : stacked ? (
          <Flex vertical gap={0}>
            {readingOrder(widgets).map((widget) => (
              <div
                key={widget.id}
                className="dashboard-cell"
                style={{ height: widget.h * DASHBOARD_GRID.rowHeight }}
              >
                {frame(widget)}
              </div>
            ))}
          </Flex>
        ) : (
          <GridLayout
            key={revision}
            width={width}
            layout={shown.map((widget) => ({
              i: widget.id,
              x: widget.x,
              y: widget.y,
              w: widget.w,
              h: widget.h,
              minW: WIDGET_MIN_SIZE.w,
              minH: WIDGET_MIN_SIZE.h,
              maxW: Math.min(WIDGET_MAX_SIZE.w, columns),
              maxH: WIDGET_MAX_SIZE.h,
            }))}
            gridConfig={{
              cols: columns,
              rowHeight: DASHBOARD_GRID.rowHeight,
              margin: [0, 0],
              containerPadding: [0, 0],
              maxRows: DASHBOARD_GRID.rows,
            }}
            dragConfig={{
              enabled: editable,
              handle: '.dashboard-widget-handle',
              cancel: '.dashboard-widget-delete',
            }}
            resizeConfig={{ enabled: editable, handles: ['se'] }}
            onDragStop={arranged}
            onResizeStop={arranged}
          >
            {shown.map((widget) => (
              <div key={widget.id} className="dashboard-cell">
                {frame(widget)}
              </div>
            ))}
          </GridLayout>
        )}
      </div>
    </Flex>
  );
}

const sameCells = (a: DashboardWidget, b: DashboardWidget | undefined) =>
  b !== undefined && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

function Welcome({ name, siteName }: { name: string; siteName: string }) {
  const { t } = useTranslation();
  const hour = dayjs().hour();
  const greeting =
    hour >= 4 && hour < 10
      ? 'home.greeting.morning'
      : hour >= 10 && hour < 18
        ? 'home.greeting.day'
        : 'home.greeting.evening';
  return (
    <Card className="home-welcome" variant="borderless">
      <Flex align="center" justify="space-between" gap={16} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} className="home-welcome-title">
            {t(greeting, { name })}
          </Typography.Title>
          <Typography.Text className="home-welcome-text">
            {t('home.today', { weekday: dayjs().format('dddd'), date: formatDate(new Date()) })}
          </Typography.Text>
        </div>
        <Tag icon={<EnvironmentOutlined />} className="home-site-tag" data-testid="home-site">
          {siteName}
        </Tag>
      </Flex>
    </Card>
  );
}

function WidgetFrame({
  widget,
  allowed,
  summary,
  draggable,
  onDelete,
}: {
  widget: DashboardWidget;
  allowed: boolean;
  summary: SummaryState;
  draggable: boolean;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="dashboard-widget"
      data-testid={`dashboard-widget-${widget.id}`}
      data-kind={widget.kind}
      aria-label={t(`home.widget.${widget.kind}.title`)}
    >
      <header
        className={`dashboard-widget-header${draggable ? ' dashboard-widget-handle' : ''}`}
        data-testid={`dashboard-handle-${widget.id}`}
      >
        {draggable && <HolderOutlined className="dashboard-widget-grip" />}
        <span className="dashboard-widget-icon">{WIDGET_ICONS[widget.kind]}</span>
        <span className="dashboard-widget-title">{t(`home.widget.${widget.kind}.title`)}</span>
        {onDelete && (
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            className="dashboard-widget-delete"
            aria-label={t('home.dashboard.remove')}
            title={t('home.dashboard.remove')}
            data-testid={`dashboard-delete-${widget.id}`}
            onClick={onDelete}
          />
        )}
      </header>
      <div className="dashboard-widget-body">
        {allowed ? (
          <WidgetBody kind={widget.kind} summary={summary} />
        ) : (
          <Typography.Text type="secondary">{t('home.widget.notAllowed')}</Typography.Text>
        )}
      </div>
    </section>
  );
}
