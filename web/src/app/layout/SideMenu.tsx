import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Badge, Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MENU_AREAS, findRoute, type MenuArea } from '@strazce/contract';
import { menuRoutes } from '../../lib/access';
import { useSession } from '../../lib/session';
import { AREA_ICONS } from '../../components/areaIcons';
import { usePendingApprovals } from './usePendingApprovals';

type MenuItem = Required<MenuProps>['items'][number];

const areaKey = (area: MenuArea) => `area:${area}`;

/** The page where advices are answered: its menu item (and its area's icon) shows how many wait. */
export const APPROVALS_PAGE = '/advice/responses';

/**
 * The side menu: home, then one group per area with every page this user may open on this site. The advice
 * approvals page carries the number of advices waiting for the user's answer over all their sites.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const currentArea = findRoute(pathname)?.area ?? null;
  const [openKeys, setOpenKeys] = useState<string[]>(currentArea ? [areaKey(currentArea)] : []);
  const pending = usePendingApprovals(session);

  useEffect(() => {
    if (currentArea) setOpenKeys([areaKey(currentArea)]);
  }, [currentArea]);

  const items = useMemo<MenuItem[]>(() => {
    const routes = menuRoutes(session);
    const areas = MENU_AREAS.flatMap((area): MenuItem[] => {
      const pages = routes.filter((route) => route.area === area);
      if (pages.length === 0) return [];
      const counted = pending > 0 && pages.some((route) => route.path === APPROVALS_PAGE);
      const badgeTitle = t('menu.pendingApprovals', { count: pending });
      return [
        {
          key: areaKey(area),
          // On the icon rail the count sits on the area's icon, in the full menu after the area's name.
          icon:
            counted && collapsed ? (
              <Badge
                count={pending}
                size="small"
                offset={[2, 6]}
                title={badgeTitle}
                className="menu-badge-icon"
              >
                {AREA_ICONS[area]}
              </Badge>
            ) : (
              AREA_ICONS[area]
            ),
          label:
            counted && !collapsed ? (
              <>
                {t(`menu.area.${area}`)}
                <Badge count={pending} size="small" title={badgeTitle} className="menu-count" />
              </>
            ) : (
              t(`menu.area.${area}`)
            ),
          children: pages.map((route) => ({
            key: route.path,
            label:
              counted && route.path === APPROVALS_PAGE ? (
                <>
                  {t(`route.${route.name}`)}
                  <Badge
                    count={pending}
                    title={badgeTitle}
                    className="menu-count"
                    data-testid="pending-approvals"
                  />
                </>
              ) : (
                t(`route.${route.name}`)
              ),
          })),
        },
      ];
    });
    return [{ key: '/', icon: <HomeOutlined />, label: t('route.home') }, ...areas];
  }, [session, t, pending, collapsed]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys })}
      // One area open at a time keeps the long menu readable.
      onOpenChange={(keys) => setOpenKeys(keys.slice(-1))}
      onClick={({ key }) => {
        if (key.startsWith('/')) navigate(key);
      }}
      aria-label={t('menu.label')}
    />
  );
}
