import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Breadcrumb, Button, Drawer, Flex, Grid, Layout, Typography } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@strazce/contract';
import { PageLoading } from '../../components/PageLoading';
import { BrandMark } from '../../components/BrandMark';
import { KIOSK_PAGE, landingPath } from '../../lib/access';
import { useSession } from '../../lib/session';
import { ConfigNoticesBanner } from '../../components/configuration';
import { DeniedNotice } from './DeniedNotice';
import { OfflineBanner } from './OfflineBanner';
import { KioskLayout } from './KioskLayout';
import { LanguageChooser } from './LanguageChooser';
import { SideMenu } from './SideMenu';
import { SiteChooser } from './SiteChooser';
import { UserMenu } from './UserMenu';
import './layout.css';

// Shown to few users and seldom: loaded when needed, not with every page (web/scripts/bundleBudget.mjs).
const ForcedPasswordChange = lazy(() => import('./ForcedPasswordChange'));
const TwoFactorWizard = lazy(() =>
  import('../../modules/tfa/TwoFactorWizard').then((module) => ({ default: module.TwoFactorWizard })),
);

/** Where the user is: area and page of the route table, also the document title. */
function useRouteTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const page = route ? t(`route.${route.name}`) : null;
  const area = route?.area ? t(`menu.area.${route.area}`) : null;
  useEffect(() => {
    document.title = page ? `${page} · ${t('app.name')}` : t('app.name');
  }, [page, t]);
  return { page, area };
}

/** The product's mark and name at the top of the menu (the side rail or the drawer). */
function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={12} className={collapsed ? 'app-brand app-brand-collapsed' : 'app-brand'}>
      <BrandMark size={34} />
      {!collapsed && (
        <Flex vertical>
          <span className="app-brand-name">{t('app.name')}</span>
          <span className="app-brand-tagline">{t('app.tagline')}</span>
        </Flex>
      )}
    </Flex>
  );
}

/**
 * The frame of every logged-in page: side menu, header with site, language and user menu, content. From
 * 1200 px the menu is a full side rail, from 992 px an icon rail; below that (tablets, phones) a drawer
 * opened from the header, and on phones the page title moves from the header to the top of the content.
 * The page title is the page's one h1.
 */
export function AppLayout() {
  const { session, user } = useSession();
  // A password or two-factor set-up the server demands is done in the standard frame.
  const kiosk =
    landingPath(session) === KIOSK_PAGE &&
    !!user &&
    !user.mustChangePassword &&
    !(user.forceTfa && !user.tfa);
  return kiosk ? <KioskLayout /> : <StaffLayout />;
}

/** The standard frame (everyone but a kiosk). */
function StaffLayout() {
  const { t } = useTranslation();
  const { user, reload } = useSession();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [tfaOpen, setTfaOpen] = useState(false);
  const { page, area } = useRouteTitle();
  // A password that must be changed comes first (the server allows nothing else), then forced two-factor.
  const forcedPassword = !!user && user.mustChangePassword;
  const forcedTfa = !!user && !forcedPassword && user.forceTfa && !user.tfa;
  const narrow = screens.xl === false;
  // Before the first measurement every breakpoint is undefined: the wide layout, as before.
  const drawer = screens.lg === false;
  const phone = screens.sm === false;

  useEffect(() => setCollapsed(narrow), [narrow]);
  // A choice in the drawer menu navigates: the drawer closes with it (and when the screen grows).
  useEffect(() => setDrawerOpen(false), [pathname, drawer]);

  const title = (
    <Flex vertical className="app-title" data-testid="page-heading">
      {area && <Breadcrumb items={[{ title: area }, { title: page }]} className="app-breadcrumb" />}
      <Typography.Title level={1} className="app-page-title" ellipsis data-testid="page-title">
        {page ?? t('app.name')}
      </Typography.Title>
    </Flex>
  );

  return (
    <Layout className={drawer ? 'app-shell app-shell-touch' : 'app-shell'}>
      {!drawer && (
        <Layout.Sider
          width={256}
          collapsedWidth={72}
          collapsed={collapsed}
          trigger={null}
          className="app-sider"
          data-testid="side-menu"
        >
          <Brand collapsed={collapsed} />
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      {drawer && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={280}
          closable={false}
          className="app-drawer"
          title={null}
          styles={{ body: { padding: 0 } }}
          data-testid="side-menu"
        >
          <Brand collapsed={false} />
          <SideMenu collapsed={false} />
        </Drawer>
      )}
      <Layout className="app-main">
        <Layout.Header className="app-header">
          <Flex align="center" gap={phone ? 8 : 12} className="app-header-start">
            {drawer ? (
              <Button
                type="text"
                size="large"
                icon={<MenuOutlined />}
                onClick={() => setDrawerOpen(true)}
                aria-label={t('menu.open')}
                aria-expanded={drawerOpen}
                data-testid="menu-drawer-open"
              />
            ) : (
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed(!collapsed)}
                aria-label={t(collapsed ? 'menu.expand' : 'menu.collapse')}
              />
            )}
            {phone ? <BrandMark size={30} /> : title}
          </Flex>
          <Flex align="center" gap={phone ? 4 : 8} className="app-header-actions">
            <SiteChooser compact={drawer} />
            <LanguageChooser compact={drawer} />
            <UserMenu compact={drawer} onTwoFactorSetup={() => setTfaOpen(true)} />
          </Flex>
        </Layout.Header>
        <Layout.Content className="app-content">
          {phone && <div className="app-content-title">{title}</div>}
          <OfflineBanner />
          {/* Until two-factor is set up the server refuses the pages' data, so none is asked for. */}
          {forcedPassword && (
            <Suspense fallback={<PageLoading />}>
              <ForcedPasswordChange onDone={() => void reload()} />
            </Suspense>
          )}
          {!forcedTfa && !forcedPassword && (
            <Suspense fallback={<PageLoading />}>
              <ConfigNoticesBanner />
              <DeniedNotice />
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
      {(tfaOpen || forcedTfa) && (
        <Suspense fallback={null}>
          <TwoFactorWizard open forced={forcedTfa} onClose={() => setTfaOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
