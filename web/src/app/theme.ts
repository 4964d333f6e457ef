import type { ThemeConfig } from 'antd';

/** Brand colours of the product and the Ant Design theme built from them. */
export const BRAND = {
  primary: '#1d4ed8',
  navy: '#0b1733',
  navyLight: '#13244a',
  layout: '#f3f5f9',
} as const;

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorBgLayout: BRAND.layout,
    borderRadius: 8,
    fontFamily:
      "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: {
      siderBg: BRAND.navy,
      triggerBg: BRAND.navyLight,
      headerBg: '#ffffff',
      headerHeight: 60,
      headerPadding: '0 24px',
    },
    Menu: {
      darkItemBg: BRAND.navy,
      darkSubMenuItemBg: '#081127',
      darkItemSelectedBg: BRAND.primary,
      itemBorderRadius: 6,
      iconSize: 16,
      collapsedIconSize: 17,
    },
    Card: { borderRadiusLG: 12 },
  },
};
