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
    // Secondary and description text at 5.7:1 on white and 5.2:1 on the layout grey (WCAG AA: 4.5:1);
    // Ant Design's default (45 % black) is 3.4:1.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Placeholders 4.7:1 and the text of success tags 4.8:1 on their pale green (the defaults 1.9:1 and 2.3:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorSuccess: '#15803d',
    // Set, not derived: the palette Ant Design derives from a dark green has a grey-green background.
    colorSuccessBg: '#f0fdf4',
    colorSuccessBgHover: '#dcfce7',
    colorSuccessBorder: '#bbf7d0',
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
