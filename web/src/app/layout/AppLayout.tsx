import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Breadcrumb, Button, Flex, Grid, Layout, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@strazce/contract';
import { PageLoading } from '../../components/PageLoading';
import { BrandMark } from '../../components/BrandMark';
import { useSession } from '../session';
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

/** The frame of every logged-in page: side menu, header with site, language and user menu, content. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user, reload } = useSession();
  const screens = Grid.useBreakpoint();
  const [collapsed, setCollapsed] = useState(false);
  const [tfaOpen, setTfaOpen] = useState(false);
  const { page, area } = useRouteTitle();
  // A password that must be changed comes first (the server allows nothing else), then forced two-factor.
  const forcedPassword = !!user && user.mustChangePassword;
  const forcedTfa = !!user && !forcedPassword && user.forceTfa && !user.tfa;
  const narrow = screens.xl === false;

  useEffect(() => setCollapsed(narrow), [narrow]);

  return (
    <Layout className="app-shell">
      <Layout.Sider
        width={256}
        collapsedWidth={72}
        collapsed={collapsed}
        trigger={null}
        className="app-sider"
        data-testid="side-menu"
      >
        <Flex align="center" gap={12} className={collapsed ? 'app-brand app-brand-collapsed' : 'app-brand'}>
          <BrandMark size={34} />
          {!collapsed && (
            <Flex vertical>
              <span className="app-brand-name">{t('app.name')}</span>
              <span className="app-brand-tagline">{t('app.tagline')}</span>
            </Flex>
          )}
        </Flex>
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={t(collapsed ? 'menu.expand' : 'menu.collapse')}
            />
            <Flex vertical style={{ minWidth: 0 }}>
              {area && <Breadcrumb items={[{ title: area }, { title: page }]} className="app-breadcrumb" />}
              <Typography.Title level={4} style={{ margin: 0 }} ellipsis data-testid="page-title">
                {page ?? t('app.name')}
              </Typography.Title>
            </Flex>
          </Flex>
          <Flex align="center" gap={8}>
            <SiteChooser />
            <LanguageChooser />
            <UserMenu onTwoFactorSetup={() => setTfaOpen(true)} />
          </Flex>
        </Layout.Header>
        <Layout.Content className="app-content">
          {/* Until two-factor is set up the server refuses the pages' data, so none is asked for. */}
          {forcedPassword && (
            <Suspense fallback={<PageLoading />}>
              <ForcedPasswordChange onDone={() => void reload()} />
            </Suspense>
          )}
          {!forcedTfa && !forcedPassword && (
            <Suspense fallback={<PageLoading />}>
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
