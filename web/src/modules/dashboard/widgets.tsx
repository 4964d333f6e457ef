import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Flex, Skeleton, Tag, Typography } from 'antd';
import {
  CarOutlined,
  EnvironmentOutlined,
  IdcardOutlined,
  InboxOutlined,
  KeyOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
  CompassOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MENU_AREAS,
  type DashboardSummary,
  type DashboardSummaryPart,
  type DashboardWidgetKind,
} from '@strazce/contract';
import { canOpenRoute, menuRoutes } from '../../lib/access';
import { AREA_ICONS } from '../../components/areaIcons';
import { useSession } from '../../lib/session';
import { displayName, UserAvatar } from '../../components/UserAvatar';

export const WIDGET_ICONS: Record<DashboardWidgetKind, ReactNode> = {
  visitors: <TeamOutlined />,
  vehicles: <CarOutlined />,
  keys: <KeyOutlined />,
  keybox: <InboxOutlined />,
  profile: <UserOutlined />,
  skipTo: <CompassOutlined />,
};

/** The summary as the figure widgets see it: loading, failed as a whole, or answered. */
export interface SummaryState {
  data: DashboardSummary | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The first of `paths` the user may open: where a figure links to. */
function usePageOf(paths: readonly string[]): string | undefined {
  const { session } = useSession();
  return paths.find((path) => canOpenRoute(session, path));
}

function Figure({
  label,
  value,
  to,
  tone,
  testId,
}: {
  label: string;
  value: number;
  to?: string;
  tone?: 'alert';
  testId: string;
}) {
  const number = (
    <span
      className={`dashboard-figure-value${tone === 'alert' && value > 0 ? ' dashboard-figure-alert' : ''}`}
      data-testid={testId}
    >
      {value}
    </span>
  );
  return (
    <div className="dashboard-figure">
      {to ? <Link to={to}>{number}</Link> : number}
      <span className="dashboard-figure-label">{label}</span>
    </div>
  );
}

function PartState({
  summary,
  failed,
  children,
}: {
  summary: SummaryState;
  failed: boolean;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (summary.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (summary.isError || failed)
    return (
      <Alert
        type="error"
        showIcon
        title={t('home.widget.failed')}
        action={
          <Button size="small" onClick={() => summary.refetch()}>
            {t('home.widget.retry')}
          </Button>
        }
      />
    );
  return <>{children()}</>;
}

interface FigureDefinition {
  /** The figure's field in its part of the summary: `dashboard-<part>-<name>` is its test id. */
  name: string;
  label: string;
  value: number | undefined;
  to?: string;
  tone?: 'alert';
}

/** A part's figures, each linking to the page behind it, and a link to the part's main page. */
function Figures({
  part,
  summary,
  figures,
  open,
}: {
  part: DashboardSummaryPart;
  summary: SummaryState;
  figures: FigureDefinition[];
  open: { to: string | undefined; label: string };
}) {
  return (
    <PartState summary={summary} failed={summary.data?.failed.includes(part) ?? false}>
      {() => (
        <Flex vertical gap={8}>
          <div className="dashboard-figures">
            {figures.map((figure) => (
              <Figure
                key={figure.name}
                label={figure.label}
                value={figure.value ?? 0}
                to={figure.to}
                tone={figure.tone}
                testId={`dashboard-${part}-${figure.name}`}
              />
            ))}
          </div>
          {open.to && (
            <Link to={open.to} className="dashboard-widget-link">
              {open.label}
            </Link>
          )}
        </Flex>
      )}
    </PartState>
  );
}

function MovementFigures({
  kind,
  summary,
  overview,
  manager,
}: {
  kind: 'visitors' | 'vehicles';
  summary: SummaryState;
  overview: string;
  manager: string;
}) {
  const { t } = useTranslation();
  const overviewPage = usePageOf([overview, manager]);
  const managerPage = usePageOf([manager, overview]);
  const part = summary.data?.[kind];
  return (
    <Figures
      part={kind}
      summary={summary}
      figures={[
        { name: 'inArea', label: t('home.widget.inArea'), value: part?.inArea, to: overviewPage },
        {
          name: 'entriesToday',
          label: t(`home.widget.${kind}.entriesToday`),
          value: part?.entriesToday,
          to: managerPage,
        },
        {
          name: 'exitsToday',
          label: t(`home.widget.${kind}.exitsToday`),
          value: part?.exitsToday,
          to: managerPage,
        },
      ]}
      open={{ to: managerPage, label: t(`home.widget.${kind}.open`) }}
    />
  );
}

function KeyFigures({ summary }: { summary: SummaryState }) {
  const { t } = useTranslation();
  const page = usePageOf(['/keys/lendouts']);
  const part = summary.data?.keys;
  return (
    <Figures
      part="keys"
      summary={summary}
      figures={[
        { name: 'lent', label: t('home.widget.keys.lent'), value: part?.lent, to: page },
        {
          name: 'overdue',
          label: t('home.widget.keys.overdue'),
          value: part?.overdue,
          to: page,
          tone: 'alert',
        },
      ]}
      open={{ to: page, label: t('home.widget.keys.open') }}
    />
  );
}

function KeyboxFigures({ summary }: { summary: SummaryState }) {
  const { t } = useTranslation();
  const contents = usePageOf(['/kbox/contentincoming', '/kbox/contentoutgoing']);
  const keyboxes = usePageOf(['/kbox/manager', '/kbox/contentincoming']);
  const part = summary.data?.keybox;
  return (
    <Figures
      part="keybox"
      summary={summary}
      figures={[
        { name: 'waiting', label: t('home.widget.keybox.waiting'), value: part?.waiting, to: contents },
        {
          name: 'notOk',
          label: t('home.widget.keybox.notOk'),
          value: part?.notOk,
          to: keyboxes,
          tone: 'alert',
        },
      ]}
      open={{ to: contents, label: t('home.widget.keybox.open') }}
    />
  );
}

function ProfileInfo() {
  const { t } = useTranslation();
  const { user, site, roles } = useSession();
  if (!user) return null;
  return (
    <Flex vertical gap={10}>
      <Flex align="center" gap={12}>
        <UserAvatar user={user} size={44} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>
            {displayName(user)}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {user.userName}
          </Typography.Text>
        </div>
      </Flex>
      <Flex gap={6} wrap>
        <Tag icon={<EnvironmentOutlined />}>{site?.name ?? t('site.none')}</Tag>
        <Tag icon={<IdcardOutlined />}>{t('home.widget.profile.roles', { count: roles.length })}</Tag>
        <Tag icon={<SafetyOutlined style={{ color: user.tfa ? '#15803d' : '#b45309' }} />}>
          {t(user.tfa ? 'home.widget.profile.tfaOn' : 'home.widget.profile.tfaOff')}
        </Tag>
      </Flex>
      <Link to="/profile" className="dashboard-widget-link">
        {t('home.widget.profile.open')}
      </Link>
    </Flex>
  );
}

/** Links to the user's pages, grouped by area as the side menu groups them. */
function SkipTo() {
  const { t } = useTranslation();
  const { session } = useSession();
  const routes = menuRoutes(session);
  const areas = MENU_AREAS.map((area) => ({
    area,
    pages: routes.filter((route) => route.area === area),
  })).filter((entry) => entry.pages.length > 0);
  if (areas.length === 0) return <Typography.Text type="secondary">{t('home.noAreas')}</Typography.Text>;
  return (
    <Flex vertical gap={10}>
      {areas.map(({ area, pages }) => (
        <div key={area} data-testid={`home-area-${area}`} className="dashboard-skip-area">
          <div className="dashboard-skip-title">
            <span className="dashboard-skip-icon">{AREA_ICONS[area]}</span>
            <Typography.Text strong>{t(`menu.area.${area}`)}</Typography.Text>
          </div>
          <Flex wrap gap="2px 12px">
            {pages.map((route) => (
              <Link key={route.path} to={route.path}>
                {t(`route.${route.name}`)}
              </Link>
            ))}
          </Flex>
        </div>
      ))}
    </Flex>
  );
}

/** The body of a widget of `kind`. */
export function WidgetBody({ kind, summary }: { kind: DashboardWidgetKind; summary: SummaryState }) {
  switch (kind) {
    case 'visitors':
      return (
        <MovementFigures
          kind="visitors"
          summary={summary}
          overview="/visits/overview"
          manager="/visits/manager"
        />
      );
    case 'vehicles':
      return (
        <MovementFigures
          kind="vehicles"
          summary={summary}
          overview="/vehicles/overview"
          manager="/vehicles/manager"
        />
      );
    case 'keys':
      return <KeyFigures summary={summary} />;
    case 'keybox':
      return <KeyboxFigures summary={summary} />;
    case 'profile':
      return <ProfileInfo />;
    case 'skipTo':
      return <SkipTo />;
  }
}
