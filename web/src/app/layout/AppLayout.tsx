import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Alert, Breadcrumb, Button, Card, Flex, Grid, Layout, Typography } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findRoute } from '@strazce/contract';
import { PageLoading } from '../../components/PageLoading';
import { BrandMark } from '../../components/BrandMark';
import { TwoFactorWizard } from '../../modules/tfa/TwoFactorWizard';
import { ChangePasswordForm } from '../../modules/profile/ChangePasswordForm';
import { useSession } from '../session';
import { LanguageChooser } from './LanguageChooser';
import { SideMenu } from './SideMenu';
import { SiteChooser } from './SiteChooser';
import { UserMenu } from './UserMenu';
import './layout.css';

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
            <Flex justify="center">
              <Card title={t('passwordChange.forcedTitle')} style={{ width: '100%', maxWidth: 520 }}>
                <Alert
                  type="warning"
                  showIcon
                  title={t('passwordChange.forced')}
                  style={{ marginBottom: 16 }}
                />
                <ChangePasswordForm onDone={() => void reload()} />
              </Card>
            </Flex>
          )}
          {!forcedTfa && !forcedPassword && (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
      <TwoFactorWizard open={tfaOpen || forcedTfa} forced={forcedTfa} onClose={() => setTfaOpen(false)} />
    </Layout>
  );
}
