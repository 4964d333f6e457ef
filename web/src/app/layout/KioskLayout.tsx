import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { DeniedNotice } from './DeniedNotice';
import { Button, Flex, Layout, Tag, Typography } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { PageLoading } from '../../components/PageLoading';
import { formatDate, formatShortTime } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { useSession } from '../../lib/session';
import { LanguageChooser } from './LanguageChooser';
import { UserMenu } from './UserMenu';
import './layout.css';

/** The time now, moved on every half minute (the clock of a screen on the wall). */
function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The browser's full-screen mode for the page, where the browser offers it. */
function useFullScreen() {
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () =>
    void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {});
  return { full, toggle, available: document.fullscreenEnabled };
}

/**
 * The frame of a kiosk (a VISIT_KIOSK user with no page in the menu): no side menu, a header with the site,
 * the clock and whether the screen is online, and the visit overview filling the screen. The overview
 * refreshes itself; when the network is lost the last list stays with a note, and it catches up once back.
 */
export function KioskLayout() {
  const { t } = useTranslation();
  const { site } = useSession();
  const online = useOnline();
  const now = useClock();
  const fullScreen = useFullScreen();
  return (
    <Layout className="app-shell kiosk-shell" data-testid="kiosk-layout">
      <Layout.Header className="app-header kiosk-header">
        <Flex align="center" gap={12} className="app-header-start">
          <BrandMark size={34} />
          <Flex vertical className="kiosk-title">
            <Typography.Title level={1} className="app-page-title" ellipsis data-testid="page-title">
              {t('route.visits.overview')}
            </Typography.Title>
            {site && <Typography.Text type="secondary">{site.name}</Typography.Text>}
          </Flex>
        </Flex>
        <Flex align="center" gap={8} className="app-header-actions">
          <Tag color={online ? 'green' : 'red'} className="kiosk-connection" data-testid="kiosk-connection">
            {online ? (
              t('kiosk.online')
            ) : (
              <>
                <span className="kiosk-connection-long">{t('kiosk.offline')}</span>
                <span className="kiosk-connection-short">{t('kiosk.offlineShort')}</span>
              </>
            )}
          </Tag>
          <span className="kiosk-clock" data-testid="kiosk-clock">
            <span className="kiosk-clock-time">{formatShortTime(now)}</span>
            <span className="kiosk-clock-date">{formatDate(now)}</span>
          </span>
          {fullScreen.available && (
            <Button
              type="text"
              icon={fullScreen.full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={fullScreen.toggle}
              aria-label={t(fullScreen.full ? 'kiosk.exitFullScreen' : 'kiosk.fullScreen')}
            />
          )}
          <LanguageChooser compact />
          <UserMenu compact onTwoFactorSetup={() => undefined} />
        </Flex>
      </Layout.Header>
      <Layout.Content className="app-content kiosk-content">
        <Suspense fallback={<PageLoading />}>
          <DeniedNotice />
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
