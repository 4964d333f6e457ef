import type { ReactNode } from 'react';
import {
  CalendarOutlined,
  CarOutlined,
  ContainerOutlined,
  DeploymentUnitOutlined,
  InboxOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SignatureOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { MenuArea } from '@strazce/contract';

/** The icon of each menu area (side menu and home page tiles). */
export const AREA_ICONS: Record<MenuArea, ReactNode> = {
  admin: <SettingOutlined />,
  site: <ShopOutlined />,
  patrol: <SafetyCertificateOutlined />,
  visits: <TeamOutlined />,
  advice: <ScheduleOutlined />,
  vehicles: <CarOutlined />,
  vehicleadvice: <CalendarOutlined />,
  keys: <KeyOutlined />,
  signatures: <SignatureOutlined />,
  stock: <InboxOutlined />,
  kbox: <ContainerOutlined />,
  logistics: <DeploymentUnitOutlined />,
};
