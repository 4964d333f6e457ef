import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Tag, Typography } from 'antd';
import {
  AppstoreOutlined,
  UnorderedListOutlined,
  EnvironmentOutlined,
  SafetyOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MENU_AREAS, type AppRoute, type MenuArea } from '@strazce/contract';
import { menuRoutes } from '../../app/access';
import { formatDate } from '../../app/format';
import { AREA_ICONS } from '../../app/layout/areaIcons';
import { useSession } from '../../app/session';
import { displayName, UserAvatar } from '../../components/UserAvatar';
import './home.css';

const PAGES_PER_TILE = 4;

/** Home `/`: a welcome with the user's site, and a tile per area the user may work in. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, user, site, sites, modules } = useSession();
  const areas = useMemo(() => {
    const routes = menuRoutes(session);
    return MENU_AREAS.map((area) => ({ area, pages: routes.filter((route) => route.area === area) })).filter(
      (entry) => entry.pages.length > 0,
    );
  }, [session]);
  if (!user) return null;
  const pageCount = areas.reduce((sum, entry) => sum + entry.pages.length, 0);
  const hour = dayjs().hour();
  const greeting =
    hour >= 4 && hour < 10
      ? 'home.greeting.morning'
      : hour >= 10 && hour < 18
        ? 'home.greeting.day'
        : 'home.greeting.evening';

  return (
    <Flex vertical gap={24} data-testid="home">
      <Card className="home-welcome" variant="borderless">
        <Flex align="center" justify="space-between" gap={24} wrap>
          <Flex align="center" gap={20}>
            <UserAvatar user={user} size={64} />
            <div>
              <Typography.Title level={3} style={{ margin: 0 }} className="home-welcome-title">
                {t(greeting, { name: user.person?.firstName ?? displayName(user) })}
              </Typography.Title>
              <Typography.Text className="home-welcome-text">
                {t('home.today', { weekday: dayjs().format('dddd'), date: formatDate(new Date()) })}
              </Typography.Text>
            </div>
          </Flex>
          <Flex vertical align="flex-end" gap={6}>
            <span className="home-welcome-label">{t('home.currentSite')}</span>
            <Tag icon={<EnvironmentOutlined />} className="home-site-tag" data-testid="home-site">
              {site?.name ?? t('site.none')}
            </Tag>
          </Flex>
        </Flex>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('home.stat.sites')} value={sites.length} prefix={<ShopOutlined />} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('home.stat.modules')} value={modules.length} prefix={<AppstoreOutlined />} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('home.stat.pages')} value={pageCount} prefix={<UnorderedListOutlined />} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic
              title={t('home.stat.twoFactor')}
              value={t(user.tfa ? 'home.tfaOn' : 'home.tfaOff')}
              prefix={<SafetyOutlined />}
              styles={{ content: { color: user.tfa ? '#16a34a' : '#d97706' } }}
            />
          </Card>
        </Col>
      </Row>

      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('home.areasTitle')}
        </Typography.Title>
        {areas.length === 0 ? (
          <Card>
            <Empty description={t('home.noAreas')} />
          </Card>
        ) : (
          <Row gutter={[16, 16]}>
            {areas.map(({ area, pages }) => (
              <Col key={area} xs={24} md={12} lg={8} xxl={6}>
                <AreaTile area={area} pages={pages} onOpen={() => navigate(pages[0].path)} />
              </Col>
            ))}
          </Row>
        )}
      </div>
    </Flex>
  );
}

function AreaTile({ area, pages, onOpen }: { area: MenuArea; pages: AppRoute[]; onOpen: () => void }) {
  const { t } = useTranslation();
  const rest = pages.length - PAGES_PER_TILE;
  return (
    <Card className="home-area" hoverable data-testid={`home-area-${area}`}>
      <Flex align="center" gap={12} style={{ marginBottom: 14 }}>
        <span className="home-area-icon">{AREA_ICONS[area]}</span>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 15 }}>
            {t(`menu.area.${area}`)}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('home.pageCount', { count: pages.length })}
            </Typography.Text>
          </div>
        </div>
      </Flex>
      <Flex vertical gap={4}>
        {pages.slice(0, PAGES_PER_TILE).map((route) => (
          <Link key={route.path} to={route.path} className="home-area-link">
            {t(`route.${route.name}`)}
          </Link>
        ))}
        {rest > 0 && (
          <Button type="link" size="small" onClick={onOpen} style={{ padding: 0, alignSelf: 'flex-start' }}>
            {t('home.morePages', { count: rest })}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
