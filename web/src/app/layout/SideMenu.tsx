import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MENU_AREAS, findRoute, type MenuArea } from '@strazce/contract';
import { menuRoutes } from '../access';
import { useSession } from '../session';
import { AREA_ICONS } from './areaIcons';

type MenuItem = Required<MenuProps>['items'][number];

const areaKey = (area: MenuArea) => `area:${area}`;

/** The side menu: home, then one group per area with every page this user may open on this site. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const currentArea = findRoute(pathname)?.area ?? null;
  const [openKeys, setOpenKeys] = useState<string[]>(currentArea ? [areaKey(currentArea)] : []);

  useEffect(() => {
    if (currentArea) setOpenKeys([areaKey(currentArea)]);
  }, [currentArea]);

  const items = useMemo<MenuItem[]>(() => {
    const routes = menuRoutes(session);
    const areas = MENU_AREAS.flatMap((area): MenuItem[] => {
      const pages = routes.filter((route) => route.area === area);
      if (pages.length === 0) return [];
      return [
        {
          key: areaKey(area),
          icon: AREA_ICONS[area],
          label: t(`menu.area.${area}`),
          children: pages.map((route) => ({ key: route.path, label: t(`route.${route.name}`) })),
        },
      ];
    });
    return [{ key: '/', icon: <HomeOutlined />, label: t('route.home') }, ...areas];
  }, [session, t]);

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
